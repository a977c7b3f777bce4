import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { CallbackCheckResult } from '../../../src-preload/contract/merchant';
import { callbackSignature, sameText } from '../../service/interface-b-hashes';
import { LenientSpecCallback, priceText, specCovers } from './callback-spec-body';
import { firstDuplicateKey } from './json-duplicate-keys';

/** Larger than any deposit callback; refused before parsing so a pasted log cannot stall main. */
export const MAX_CALLBACK_CHARS = 64 * 1024;

/** Spec 6's fields (the service's shape). */
const SPEC_KEYS = ['Address', 'UniqueId', 'Amount', 'Symbol', 'ReferenceId', 'Price', 'Signature', 'OrderId', 'Hash'];
/** The vendor SDK's deposit webhook fields (camelCase; its helpers verify an HMAC header instead). */
const SDK_KEYS = ['requestId', 'symbol', 'amount', 'txId', 'status', 'confirmations', 'timestamp', 'referenceId'];

/** The SDK's webhook body as its types describe it; extra fields are allowed and shown. */
const SdkCallbackBody = z.object({
  requestId: z.string().min(1),
  symbol: z.string().min(1),
  amount: z.number(),
  txId: z.string().min(1),
  status: z.string().min(1),
  confirmations: z.number().int().optional(),
  timestamp: z.string().optional(),
  referenceId: z.string().optional(),
});

/** What the callback says happened, for comparing with the service (callback-compare.ts). */
export interface CallbackFacts {
  readonly shape: 'spec' | 'sdk';
  readonly uniqueId: string;
  /** As the JSON number reads in JavaScript (String(number)), or the decimal text as sent. */
  readonly amount: string;
  readonly symbol: string;
  readonly referenceId: string | null;
  /** The spec's shape only: the SDK's carries no address. */
  readonly address: string | null;
}

export interface CallbackCheck {
  readonly result: CallbackCheckResult;
  /** Null when the body is not one readable callback. */
  readonly facts: CallbackFacts | null;
}

export const SPEC_PROVES =
  'The Hash came from someone who holds your secret key: the service (or anyone you gave the key to).';
export const SPEC_DOES_NOT_PROVE =
  'That Amount, Address or any other field is unchanged: the Signature covers only the Hash, and the spec does not say how the Hash is made from the fields. Compare them with the service before you credit anything.';
export const SDK_PROVES =
  'The whole body, every field and byte of it, is exactly as someone holding your secret key sent it.';
export const SDK_DOES_NOT_PROVE =
  'That it is the first delivery (the same body can be sent again) or that the deposit is final; this shape also carries no address.';

/** The headlines of a verdict: each names exactly what the signature covers (security.md 41). */
export const SPEC_HEADLINE =
  'The Signature matches the Hash only. Amount and Address are not covered by it: compare them with the service.';
export const SDK_HEADLINE = 'The signature covers the whole body, every field of it.';
export const INVALID_HEADLINE = 'Signature invalid';

function rejected(
  shape: CallbackCheckResult['shape'],
  summary: string,
  problems: CallbackCheckResult['problems'],
  fields: CallbackCheckResult['fields'] = [],
): CallbackCheck {
  return {
    result: {
      valid: false,
      shape,
      headline: INVALID_HEADLINE,
      summary,
      proves: null,
      doesNotProve: null,
      problems,
      fields,
      comparison: null,
    },
    facts: null,
  };
}

function hmacHex(secretKey: string, body: string): string {
  return createHmac('sha256', secretKey).update(body, 'utf8').digest('hex');
}

function issuesOf(error: z.ZodError, json: object): CallbackCheckResult['problems'] {
  return error.issues.slice(0, 20).map((issue) => ({
    field: issue.path.join('.') || 'body',
    // Read from the body, not the issue: a union (a number or its text) reports a missing field as invalid.
    message: issue.path.length === 1 && !(String(issue.path[0]) in json) ? 'missing' : issue.message,
  }));
}

/**
 * Checks a pasted deposit callback for a merchant debugging their endpoint, in either shape the service may
 * use: the spec's (section 6: Signature = uppercase hex MD5 of secret key + Hash, in the body) or the vendor
 * SDK's (camelCase body, X-Paybin-Signature = hex HMAC-SHA256 of the raw body with the secret key). Each is
 * judged by its own rule only: a body mixing both, naming a key twice, or signed by the other shape's rule
 * is not vouched for. The verdict says what the matching signature proves and what it does not.
 */
export function checkCallbackBody(text: string, signatureHeader: string | undefined, secretKey: string): CallbackCheck {
  if (text.length > MAX_CALLBACK_CHARS)
    return rejected('unknown', 'This is longer than a deposit callback can be (64 KiB). Paste only the body.', [
      { field: 'body', message: 'too long' },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return rejected('unknown', 'This is not valid JSON. Paste the raw body of the callback request.', [
      { field: 'body', message: 'not JSON' },
    ]);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return rejected('unknown', 'This is not a deposit callback: the body must be one JSON object.', [
      { field: 'body', message: 'not an object' },
    ]);
  const duplicate = firstDuplicateKey(text);
  if (duplicate !== null)
    return rejected(
      'unknown',
      `Not trusted: the body names "${duplicate.slice(0, 40)}" twice. Programs disagree about which one counts, so no signature can vouch for it.`,
      [{ field: duplicate.slice(0, 40), message: 'appears twice' }],
    );
  const keys = Object.keys(json);
  const specKeys = keys.filter((key) => SPEC_KEYS.includes(key));
  const sdkKeys = keys.filter((key) => SDK_KEYS.includes(key));
  const header = signatureHeader?.trim() ?? '';
  if (specKeys.length > 0 && sdkKeys.length > 0)
    return rejected(
      'mixed',
      `Not trusted: the body mixes the service's callback fields (${specKeys.join(', ')}) with the SDK's (${sdkKeys.join(', ')}). A genuine callback has one shape; a signature of one cannot vouch for fields of the other.`,
      [{ field: 'body', message: 'fields of both callback shapes' }],
    );
  if (specKeys.length > 0) return checkSpecShape(json, header, secretKey);
  if (sdkKeys.length > 0) return checkSdkShape(json, text, header, secretKey);
  return rejected(
    'unknown',
    'This is not a deposit callback: it has none of the fields of the service’s shape (Address, Amount, Signature, Hash …) or of the SDK’s (txId, amount, symbol …).',
    [{ field: 'body', message: 'no callback fields' }],
  );
}

function checkSpecShape(json: object, header: string, secretKey: string): CallbackCheck {
  const parsed = LenientSpecCallback.safeParse(json);
  if (!parsed.success) {
    const problems = issuesOf(parsed.error, json);
    return rejected(
      'spec',
      `This is not a complete deposit callback in the service’s shape: ${problems.map((p) => `${p.field} (${p.message})`).join(', ')}.`,
      problems,
    );
  }
  const body = parsed.data;
  const fields = [
    { name: 'Address', value: body.Address },
    { name: 'UniqueId', value: body.UniqueId },
    { name: 'Amount', value: body.Amount },
    { name: 'Symbol', value: body.Symbol },
    { name: 'ReferenceId', value: body.ReferenceId },
    { name: 'OrderId', value: body.OrderId },
    { name: 'Price', value: priceText(body.Price) },
    { name: 'Hash', value: body.Hash },
    { name: 'Signature', value: body.Signature },
  ];
  const facts: CallbackFacts = {
    shape: 'spec',
    uniqueId: body.UniqueId,
    amount: body.Amount,
    symbol: body.Symbol,
    referenceId: body.ReferenceId,
    address: body.Address,
  };
  const headerNote =
    header === ''
      ? ''
      : ' The X-Paybin-Signature header you entered belongs to the SDK’s shape and was not used: in this shape only the Signature field counts.';
  // Hex has no case of its own: a service writing it in lower case signs the same Hash (spec 6 shows upper).
  const matches = sameText(callbackSignature(secretKey, body.Hash), body.Signature.toUpperCase());
  if (matches) {
    const caseNote =
      body.Signature === body.Signature.toUpperCase()
        ? ''
        : ' The Signature is written in lower-case hex; the spec shows upper case, and the value is the same.';
    return {
      result: {
        valid: true,
        shape: 'spec',
        headline: SPEC_HEADLINE,
        summary: `The Signature in the service’s callback shape matches the Hash and your secret key. It covers nothing else: Amount, Address, ReferenceId and the other fields are not covered until they are compared with the service.${caseNote}${headerNote}`,
        proves: SPEC_PROVES,
        doesNotProve: SPEC_DOES_NOT_PROVE,
        problems: [],
        fields: fields.map((field) => ({ ...field, covered: specCovers(field.name) })),
        comparison: null,
      },
      facts,
    };
  }
  return {
    result: {
      valid: false,
      shape: 'spec',
      headline: INVALID_HEADLINE,
      summary:
        'Invalid: the Signature does not match the Hash and your secret key. The Hash or the Signature was changed, or it was signed with another merchant’s key (or another environment’s).' +
        headerNote,
      proves: null,
      doesNotProve: null,
      problems: [{ field: 'Signature', message: 'does not match MD5(secret key + Hash)' }],
      fields: fields.map((field) => ({ ...field, covered: field.name === 'Signature' ? null : false })),
      comparison: null,
    },
    facts,
  };
}

function checkSdkShape(json: object, text: string, header: string, secretKey: string): CallbackCheck {
  const parsed = SdkCallbackBody.safeParse(json);
  if (!parsed.success) {
    const problems = issuesOf(parsed.error, json);
    return rejected(
      'sdk',
      `This is not a complete deposit callback in the SDK’s shape: ${problems.map((p) => `${p.field} (${p.message})`).join(', ')}.`,
      problems,
    );
  }
  const body = parsed.data;
  const shown = Object.entries(json as Record<string, unknown>).map(([name, value]) => ({
    name,
    // Nested values are not shown: re-serialising a deeply nested one would exhaust the stack.
    value:
      typeof value === 'string'
        ? value.slice(0, 200)
        : typeof value === 'object' && value !== null
          ? '(nested value, not shown)'
          : String(value),
  }));
  const facts: CallbackFacts = {
    shape: 'sdk',
    uniqueId: body.txId,
    amount: String(body.amount),
    symbol: body.symbol,
    referenceId: body.referenceId ?? null,
    address: null,
  };
  const fields = shown.map((field) => ({ ...field, covered: false }));
  const fail = (summary: string, message: string): CallbackCheck => ({
    result: {
      valid: false,
      shape: 'sdk',
      headline: INVALID_HEADLINE,
      summary,
      proves: null,
      doesNotProve: null,
      problems: [{ field: 'X-Paybin-Signature', message }],
      fields,
      comparison: null,
    },
    facts,
  });
  if (header === '')
    return fail(
      'Not verified: a callback in the SDK’s shape is signed in its X-Paybin-Signature header, not in the body. Enter that header’s value as your endpoint received it.',
      'missing',
    );
  const expected = hmacHex(secretKey, text);
  if (sameText(expected, header)) {
    return {
      result: {
        valid: true,
        shape: 'sdk',
        headline: SDK_HEADLINE,
        summary:
          'The X-Paybin-Signature header is the HMAC-SHA256 of this exact body with your secret key (the SDK’s callback shape).',
        proves: SDK_PROVES,
        doesNotProve: SDK_DOES_NOT_PROVE,
        problems: [],
        fields: shown.map((field) => ({ ...field, covered: true })),
        comparison: null,
      },
      facts,
    };
  }
  if (sameText(expected, header.toLowerCase()))
    return fail(
      'Invalid: the X-Paybin-Signature is in upper case; the SDK writes and compares it in lower case hex.',
      'upper case',
    );
  if (sameText(hmacHex(secretKey, text.trim()), header))
    return fail(
      'Invalid as pasted: the header matches the body only without the spaces or line breaks at its start or end. The HMAC covers the exact bytes: paste the body exactly as received.',
      'matches a trimmed body',
    );
  return fail(
    'Invalid: X-Paybin-Signature is not the HMAC-SHA256 of this body with your secret key. The body was changed (even one space counts), or it was signed with another merchant’s key (or another environment’s).',
    'does not match HMAC-SHA256(secret key, body)',
  );
}
