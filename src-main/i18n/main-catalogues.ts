import { english, loadCatalogue, type LoadedCatalogue } from '../../resources/locales/catalogues';
import type { CatalogueName } from '../../resources/locales/languages';

/**
 * The catalogues main holds: English from the start (what main writes in before anything is chosen), any
 * other language once chosen (loadMainCatalogue), each its own chunk: some 170 kB of text per language that
 * main's start no longer compiles and parses for a language nobody reads.
 */
const held = new Map<CatalogueName, LoadedCatalogue>([['en', english]]);
const loading = new Map<CatalogueName, Promise<LoadedCatalogue>>();

/** The catalogue if it is held; English until a chosen one has loaded. */
export function heldCatalogue(name: CatalogueName): LoadedCatalogue {
  return held.get(name) ?? english;
}

export function holdsCatalogue(name: CatalogueName): boolean {
  return held.has(name);
}

export function loadMainCatalogue(name: CatalogueName): Promise<LoadedCatalogue> {
  const present = held.get(name);
  if (present) return Promise.resolve(present);
  let pending = loading.get(name);
  if (!pending) {
    pending = loadCatalogue(name).then(
      (catalogue) => {
        held.set(name, catalogue);
        loading.delete(name);
        return catalogue;
      },
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}
