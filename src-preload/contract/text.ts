import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1: NUL, CR/LF, escapes) and the marks that reorder text on screen (bidi
 * embeddings, overrides and isolates, LRM/RLM/ALM). Either can make a label read differently from what is
 * stored or sent: "Payroll<RLO>…" shows reversed, CR/LF splits a log line or a service record
 * (security.md 34).
 */
const unsafeCharacters = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

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
