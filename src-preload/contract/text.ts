import { z } from 'zod';
import { type InputIssueId, issueId } from '../input-issues';

/**
 * Control characters (C0, DEL, C1: NUL, CR/LF, escapes), line and paragraph separators, invisible
 * format characters and lone surrogates: the marks that reorder text on screen (bidi embeddings,
 * overrides, isolates, LRM/RLM/ALM), zero-width spaces, word joiners, BOMs and tag characters, and half
 * of a UTF-16 pair that no encoding can carry. Each can make a text read differently from what is stored
 * or sent: "Payroll<RLO>…" shows reversed, CR/LF or U+2028 splits a log line or a service record, a
 * zero-width space makes two labels look equal, a lone surrogate turns into U+FFFD on its way to the
 * service or the disk (security.md 34). The two joiners (ZWNJ, ZWJ) stay allowed: Persian, Indic
 * scripts and emoji sequences need them.
 */
const unsafeCharacters = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** The same rule where line breaks are the content itself (a PEM key): lines of safe text. */
const unsafeInLines = /(?![\n\r\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

export function hasUnsafeCharacters(text: string): boolean {
  return unsafeCharacters.test(text);
}

const everyUnsafeCharacter = new RegExp(unsafeCharacters.source, 'gu');

/**
 * Words the app composes itself with the same characters left out: a date in an Arabic locale carries
 * right-to-left marks, and words that quote it must still pass the rule when they cross the bridge.
 */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(everyUnsafeCharacter, '');
}

/** What the user reads when a text breaks the rule, as the id of its message. */
export const UNSAFE_TEXT_WORDS = issueId('inputIssues.unsafeText');

/**
 * Every string the bridge takes, typed or not (an address, a key, a URL, an id, a search), is built on
 * this: the one user-text rule, so a field added later cannot take what would hide or reorder text.
 */
export function PlainText() {
  return z.string().refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_WORDS);
}

/** PlainText whose lines may be separated by line breaks (LF or CR LF): a pasted PEM key. */
export function TextLines() {
  return z.string().refine((text) => !unsafeInLines.test(text), UNSAFE_TEXT_WORDS);
}

/**
 * Free text a user types that reaches the service or the screen: a label, a description. `tooLong` says the
 * limit as its `max` value, which the issue carries.
 */
export function UserText(max: number, tooLong: InputIssueId = 'inputIssues.keepUnder') {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_WORDS);
}
