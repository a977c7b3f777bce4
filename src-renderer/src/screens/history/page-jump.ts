import type { MessageId, MessageValues } from '../../i18n/text';

/** What the note under the page field says, as a message and its values (translated when shown). */
export interface PageNote {
  readonly id: MessageId;
  readonly values?: MessageValues;
}

export type PageJump =
  | { readonly kind: 'go'; readonly page: number; readonly note: PageNote | null }
  | { readonly kind: 'invalid'; readonly message: PageNote };

/**
 * What "Go" does with the typed text: a whole number inside 1..last goes there; one outside is clamped to the
 * nearest end and says so, so the user never lands on an empty page without knowing why; anything else is
 * refused in words and changes nothing.
 */
export function resolvePageJump(text: string, last: number): PageJump {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid', message: { id: 'history.pages.notANumber' } };
  const wanted = Number(trimmed);
  const pages = Math.max(1, last);
  if (wanted < 1) return { kind: 'go', page: 1, note: { id: 'history.pages.startAtOne' } };
  if (wanted > pages) return { kind: 'go', page: pages, note: { id: 'history.pages.onlyThese', values: { pages } } };
  return { kind: 'go', page: wanted, note: null };
}
