import type { LoadedCatalogue } from './catalogues';
import { english } from './catalogues';
import { de } from './de';
import type { CatalogueName } from './languages';
import { pseudoCatalogue } from './pseudo';
import { tr } from './tr';

let pseudo: LoadedCatalogue | null = null;

/**
 * Every catalogue at hand, for the main process: it writes notices, menus and refusals at any moment and
 * carries no bundle budget, so it loads them all at once rather than awaiting a language.
 */
export function catalogueNow(name: CatalogueName): LoadedCatalogue {
  switch (name) {
    case 'en':
      return english;
    case 'de':
      return de;
    case 'tr':
      return tr;
    case 'pseudo':
      pseudo ??= pseudoCatalogue(english);
      return pseudo;
  }
}
