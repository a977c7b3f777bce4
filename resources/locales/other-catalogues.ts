import type { Catalogue, LoadedCatalogue } from './catalogues';
import type { CatalogueName } from './languages';

/**
 * A language's catalogue other than English, each its own chunk, so a language nobody reads costs nothing at
 * launch. The pseudo-locale is made from English, which the caller hands over as it holds it.
 */
export async function loadOtherCatalogue(
  name: Exclude<CatalogueName, 'en'>,
  english: () => Catalogue,
): Promise<LoadedCatalogue> {
  switch (name) {
    case 'de':
      return (await import('./de')).de;
    case 'tr':
      return (await import('./tr')).tr;
    case 'pseudo':
      return (await import('./pseudo')).pseudoCatalogue(english());
  }
}
