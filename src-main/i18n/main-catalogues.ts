import type { LoadedCatalogue } from '../../resources/locales/catalogues';
import { englishOnDemand } from '../../resources/locales/english-on-demand';
import type { CatalogueName } from '../../resources/locales/languages';
import { loadOtherCatalogue } from '../../resources/locales/other-catalogues';

/**
 * The catalogues main holds: English whenever asked for (what main writes in before anything is chosen, and
 * every message's fallback), read at the first message rather than compiled with main's start; any other
 * language once chosen (loadMainCatalogue), each its own chunk: some 170 kB of text per language that main's
 * start no longer compiles and parses for a language nobody reads.
 */
const held = new Map<Exclude<CatalogueName, 'en'>, LoadedCatalogue>();
const loading = new Map<Exclude<CatalogueName, 'en'>, Promise<LoadedCatalogue>>();

/** The catalogue if it is held; English until a chosen one has loaded. */
export function heldCatalogue(name: CatalogueName): LoadedCatalogue {
  return (name !== 'en' && held.get(name)) || englishOnDemand();
}

export function holdsCatalogue(name: CatalogueName): boolean {
  return name === 'en' || held.has(name);
}

export function loadMainCatalogue(name: CatalogueName): Promise<LoadedCatalogue> {
  if (name === 'en') return Promise.resolve(englishOnDemand());
  const present = held.get(name);
  if (present) return Promise.resolve(present);
  let pending = loading.get(name);
  if (!pending) {
    pending = loadOtherCatalogue(name, englishOnDemand).then(
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
