import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Catalogue, LoadedCatalogue, MessageId } from './catalogues';

/** The values a message's arguments take: text, numbers and dates are formatted by the message's locale. */
export type MessageValues = Readonly<Record<string, string | number | boolean | Date | null | undefined>>;

export interface Formatter {
  readonly locale: string;
  /** The message in this formatter's language; an argument the message lacks is ignored. */
  text(id: MessageId, values?: MessageValues): string;
  /**
   * A message whose tags (<b>…</b>) become whatever `values` makes of them (a DOM node, a React element):
   * the parts in order, texts as strings.
   */
  parts<T>(id: MessageId, values: Readonly<Record<string, unknown>>): Array<string | T>;
}

const cache = createIntlCache();

/**
 * FormatJS's formatter over one catalogue, with `english` as every message's fallback. A message missing from
 * a catalogue falls back to English rather than showing its id (the completeness test keeps that from
 * happening in a release); a broken message is reported through `onError` and shown as its English source.
 * English is a parameter, not an import, so main can read it when it first writes (main-catalogues.ts).
 */
export function formatterOver(
  locale: string,
  messages: LoadedCatalogue,
  english: Catalogue,
  onError: (error: Error) => void = () => undefined,
): Formatter {
  const intl: IntlShape<unknown> = createIntl(
    { locale, messages: messages as Record<string, string>, defaultLocale: 'en', onError },
    cache,
  );
  return {
    locale,
    text: (id, values) => {
      const result = intl.formatMessage({ id, defaultMessage: english[id] }, values);
      return Array.isArray(result) ? result.join('') : String(result);
    },
    parts: <T>(id: MessageId, values: Readonly<Record<string, unknown>>) => {
      const result = intl.formatMessage({ id, defaultMessage: english[id] }, values as Record<string, never>);
      return (Array.isArray(result) ? result : [result]) as Array<string | T>;
    },
  };
}
