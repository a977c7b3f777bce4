/**
 * Unit project setup: main loads a language's catalogue once it is chosen (src-main/i18n/main-catalogues.ts);
 * tests switch main's language with setMainLanguage and read its words at once, so every catalogue is held
 * from the start here, as it is in the app once useMainLanguage has awaited it.
 */
import { loadMainCatalogue } from '../../../src-main/i18n/main-catalogues';

await Promise.all((['de', 'tr', 'pseudo'] as const).map((name) => loadMainCatalogue(name)));
