import type { LoadedCatalogue } from './catalogues';
import { english } from './catalogues';
import { formatterOver, type Formatter, type MessageValues } from './format-messages';

export type { Formatter, MessageValues };

/** FormatJS's formatter over one catalogue, English the fallback (format-messages.ts). */
export function createFormatter(
  locale: string,
  messages: LoadedCatalogue,
  onError: (error: Error) => void = () => undefined,
): Formatter {
  return formatterOver(locale, messages, english, onError);
}
