import { de } from '../../../resources/locales/de';
import { en } from '../../../resources/locales/en';
import { tr } from '../../../resources/locales/tr';
import { type LaunchCatalogues, parseLaunchCatalogues } from './launch-messages';

/**
 * The launch paint's messages, parsed. Under tests and the dev server they are parsed here from the
 * catalogues; the build replaces this module with the same result as JSON text (launchCataloguesAsJson in
 * electron.vite.config.ts), so the first script carries neither the catalogues nor the parser.
 */
export const launchCatalogues: LaunchCatalogues = parseLaunchCatalogues({ en, de, tr });
