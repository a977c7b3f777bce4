import type { LoadedCatalogue } from './catalogues';
import { english } from './catalogues';
import { de } from './de';
import type { CatalogueName } from './languages';
import { pseudoCatalogue } from './pseudo';
import { tr } from './tr';

let pseudo: LoadedCatalogue | null = null;

/**
 * Every catalogue at hand at once, for the tests that check messages in every language. The app loads a
 * language when it is chosen (catalogues.ts for the window, src-main/i18n/main-catalogues.ts for main).
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
