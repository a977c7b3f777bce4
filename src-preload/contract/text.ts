import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1: NUL, CR/LF, escapes), line and paragraph separators, and invisible
 * format characters: the marks that reorder text on screen (bidi embeddings, overrides, isolates,
 * LRM/RLM/ALM), zero-width spaces, word joiners, BOMs and tag characters. Each can make a label read
 * differently from what is stored or sent: "Payroll<RLO>…" shows reversed, CR/LF or U+2028 splits a log
 * line or a service record, a zero-width space makes two labels look equal (security.md 34). The two
 * joiners (ZWNJ, ZWJ) stay allowed: Persian, Indic scripts and emoji sequences need them.
 */
const unsafeCharacters = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function hasUnsafeCharacters(text: string): boolean {
  return unsafeCharacters.test(text);
}

/** Free text a user types that reaches the service or the screen: a label, a description. */
export function UserText(max: number, tooLong = `Keep it under ${max} characters`) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => !hasUnsafeCharacters(text), 'Remove line breaks, control characters and text-direction marks');
}
