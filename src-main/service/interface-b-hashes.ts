import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Interface B body hashes (spec 4.2, and the service's SDK in design.md "Facts from outside the spec"). Every
 * one is MD5 hex over fields concatenated in a fixed order, followed by the secret key. Computed only in main:
 * the secret never leaves this process.
 *
 * Amount is written into a hash exactly as the SDK does — JavaScript's String(number) — so the caller
 * passes the same JSON number it puts into the body, and the two can never disagree.
 */
function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Spec 4.2 call 1: Symbol + Amount + Address + MerchantTransactionId + secret. */
export function withdrawHash(
  fields: {
    readonly Symbol: string;
    readonly Amount: number;
    readonly Address: string;
    readonly MerchantTransactionId: string;
  },
  secretKey: string,
): string {
  return md5Hex(`${fields.Symbol}${String(fields.Amount)}${fields.Address}${fields.MerchantTransactionId}${secretKey}`);
}

/** design.md "Facts from outside the spec": Symbol + NetworkId + Address + ReferenceId + secret. */
export function verifyStartHash(
  fields: {
    readonly Symbol: string;
    readonly NetworkId: number;
    readonly Address: string;
    readonly ReferenceId: string;
  },
  secretKey: string,
): string {
  return md5Hex(`${fields.Symbol}${String(fields.NetworkId)}${fields.Address}${fields.ReferenceId}${secretKey}`);
}

/** design.md "Facts from outside the spec": Symbol + NetworkId + Amount + ReferenceId + secret. */
export function verifyConfirmHash(
  fields: {
    readonly Symbol: string;
    readonly NetworkId: number;
    readonly Amount: number;
    readonly ReferenceId: string;
  },
  secretKey: string,
): string {
  return md5Hex(`${fields.Symbol}${String(fields.NetworkId)}${String(fields.Amount)}${fields.ReferenceId}${secretKey}`);
}

/** Spec 4.2 call 5: PublicKey + Symbol + Label + ReferenceId + CallbackUrl + secret. */
export function depositCreateHash(
  fields: {
    readonly PublicKey: string;
    readonly Symbol: string;
    readonly Label: string;
    readonly ReferenceId: string;
    readonly CallbackUrl: string;
  },
  secretKey: string,
): string {
  return md5Hex(
    `${fields.PublicKey}${fields.Symbol}${fields.Label}${fields.ReferenceId}${fields.CallbackUrl}${secretKey}`,
  );
}

/** Spec 6 rule 1: the deposit callback's Signature is uppercase hex MD5 of secret key + Hash. */
export function callbackSignature(secretKey: string, hash: string): string {
  return md5Hex(`${secretKey}${hash}`).toUpperCase();
}

/** Constant-time comparison, so a checker cannot be used to guess a signature byte by byte. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
