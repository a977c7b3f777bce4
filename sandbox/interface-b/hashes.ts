import { createHash, timingSafeEqual } from 'node:crypto';

/** Amount as the SDK writes it into a hash, String(number): design.md "Facts from outside the spec". */
export type HashAmount = number | string;

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Spec 4.2 call 1: Symbol + Amount + Address + MerchantTransactionId + secret. */
export function withdrawHash(
  f: { Symbol: string; Amount: HashAmount; Address: string; MerchantTransactionId: string },
  secretKey: string,
): string {
  return md5Hex(`${f.Symbol}${String(f.Amount)}${f.Address}${f.MerchantTransactionId}${secretKey}`);
}

/** Spec 4.2 call 5: PublicKey + Symbol + Label + ReferenceId + CallbackUrl + secret. */
export function depositCreateHash(
  f: { PublicKey: string; Symbol: string; Label: string; ReferenceId: string; CallbackUrl: string },
  secretKey: string,
): string {
  return md5Hex(`${f.PublicKey}${f.Symbol}${f.Label}${f.ReferenceId}${f.CallbackUrl}${secretKey}`);
}

/** design.md "Facts from outside the spec": Symbol + NetworkId + Address + ReferenceId + secret. */
export function verifyStartHash(
  f: { Symbol: string; NetworkId: number; Address: string; ReferenceId: string },
  secretKey: string,
): string {
  return md5Hex(`${f.Symbol}${String(f.NetworkId)}${f.Address}${f.ReferenceId}${secretKey}`);
}

/** design.md "Facts from outside the spec": Symbol + NetworkId + Amount + ReferenceId + secret. */
export function verifyConfirmHash(
  f: { Symbol: string; NetworkId: number; Amount: HashAmount; ReferenceId: string },
  secretKey: string,
): string {
  return md5Hex(`${f.Symbol}${String(f.NetworkId)}${String(f.Amount)}${f.ReferenceId}${secretKey}`);
}

/** Hex compared case-insensitively and in constant time (the spec names no letter case). */
export function hashMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
