import type { Catalogue } from './catalogues';
import { en } from './en';

/**
 * The English catalogue for main, asked for when main first writes (src-main/i18n/main-catalogues.ts). Here
 * it is the catalogue itself; main's build (electron.vite.config.ts, englishOnDemand) makes this module read
 * it from a JSON file beside the bundle at the first call, so main's start compiles no 140 kB of messages.
 */
export function englishOnDemand(): Catalogue {
  return en;
}
