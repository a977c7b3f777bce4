export type PageJump =
  | { readonly kind: 'go'; readonly page: number; readonly note: string | null }
  | { readonly kind: 'invalid'; readonly message: string };

/**
 * What "Go" does with the typed text: a whole number inside 1..last goes there; one outside is clamped to the
 * nearest end and says so, so the user never lands on an empty page without knowing why; anything else is
 * refused in words and changes nothing.
 */
export function resolvePageJump(text: string, last: number, formatCount: (value: number) => string = String): PageJump {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid', message: 'Enter a whole page number, such as 3.' };
  const wanted = Number(trimmed);
  const pages = Math.max(1, last);
  if (wanted < 1) return { kind: 'go', page: 1, note: 'Pages start at 1; showing page 1.' };
  if (wanted > pages) {
    const words = pages === 1 ? 'There is only 1 page' : `There are only ${formatCount(pages)} pages`;
    return { kind: 'go', page: pages, note: `${words}; showing page ${formatCount(pages)}.` };
  }
  return { kind: 'go', page: wanted, note: null };
}
