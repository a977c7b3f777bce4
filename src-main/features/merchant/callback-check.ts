import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { CallbackCheckResult } from '../../../src-preload/contract/merchant';
import { callbackSignature, sameText } from '../../service/interface-b-hashes';
import { LenientSpecCallback, priceText, specCovers } from './callback-spec-body';
import { firstDuplicateKey } from './json-duplicate-keys';
import { t } from '../../i18n/main-text';

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

/** What a matching signature proves and does not, in the user's language (security.md 41). */
export const specProves = (): string => t('mainMerchant.callback.specProves');
export const specDoesNotProve = (): string => t('mainMerchant.callback.specDoesNotProve');
export const sdkProves = (): string => t('mainMerchant.callback.sdkProves');
export const sdkDoesNotProve = (): string => t('mainMerchant.callback.sdkDoesNotProve');

/** The headlines of a verdict: each names exactly what the signature covers (security.md 41). */
export const specHeadline = (): string => t('mainMerchant.callback.specHeadline');
export const sdkHeadline = (): string => t('mainMerchant.callback.sdkHeadline');
export const invalidHeadline = (): string => t('mainMerchant.callback.invalidHeadline');

/** Sentences that follow one another in a verdict, each whole in itself. */
function sentences(...parts: (string | null)[]): string {
  return parts.filter((part) => part !== null).join(' ');
}

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
      headline: invalidHeadline(),
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

/** The problems inside a refusal's sentence: field names and zod's words, as a list. */
function problemList(problems: CallbackCheckResult['problems']): string {
  return problems.map((p) => `${p.field} (${p.message})`).join(', ');
}

function hmacHex(secretKey: string, body: string): string {
  return createHmac('sha256', secretKey).update(body, 'utf8').digest('hex');
}

/** What is wrong with one field, in the user's language: a few words, shown beside the field's name. */
function issueWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'string') return t('mainMerchant.callback.field.notText');
      if (issue.expected === 'number') return t('mainMerchant.callback.field.notNumber');
      if (issue.expected === 'int') return t('mainMerchant.callback.field.notWholeNumber');
      if (issue.expected === 'object' || issue.expected === 'record') return t('mainMerchant.callback.field.notObject');
      return t('mainMerchant.callback.field.wrongType');
    case 'too_small':
      return t('mainMerchant.callback.field.empty');
    case 'invalid_format':
      return t('mainMerchant.callback.field.notDecimal');
    case 'invalid_union': {
      // A number or its text: the text's own issue says more than "not a number".
      const nearest = issue.errors.flat().find((inner) => inner.code !== 'invalid_type');
      return nearest ? issueWords(nearest) : t('mainMerchant.callback.field.wrongType');
    }
    case 'too_big':
      return t('mainMerchant.callback.field.tooLong');
    case 'custom':
    case 'invalid_element':
    case 'invalid_key':
    case 'invalid_value':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return t('mainMerchant.callback.field.invalid');
  }
}

function issuesOf(error: z.ZodError, json: object): CallbackCheckResult['problems'] {
  return error.issues.slice(0, 20).map((issue) => ({
    field: issue.path.join('.') || 'body',
    // Read from the body, not the issue: a union (a number or its text) reports a missing field as invalid.
    message:
      issue.path.length === 1 && !(String(issue.path[0]) in json)
        ? t('mainMerchant.callback.field.missing')
        : issueWords(issue),
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
    return rejected('unknown', t('mainMerchant.callback.tooLong'), [
      { field: 'body', message: t('mainMerchant.callback.field.tooLong') },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return rejected('unknown', t('mainMerchant.callback.notJson'), [
      { field: 'body', message: t('mainMerchant.callback.field.notJson') },
    ]);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return rejected('unknown', t('mainMerchant.callback.notObject'), [
      { field: 'body', message: t('mainMerchant.callback.field.notObject') },
    ]);
  const duplicate = firstDuplicateKey(text);
  if (duplicate !== null)
    return rejected('unknown', t('mainMerchant.callback.duplicate', { key: duplicate.slice(0, 40) }), [
      { field: duplicate.slice(0, 40), message: t('mainMerchant.callback.field.appearsTwice') },
    ]);
  const keys = Object.keys(json);
  const specKeys = keys.filter((key) => SPEC_KEYS.includes(key));
  const sdkKeys = keys.filter((key) => SDK_KEYS.includes(key));
  const header = signatureHeader?.trim() ?? '';
  if (specKeys.length > 0 && sdkKeys.length > 0)
    return rejected(
      'mixed',
      t('mainMerchant.callback.mixed', { specKeys: specKeys.join(', '), sdkKeys: sdkKeys.join(', ') }),
      [{ field: 'body', message: t('mainMerchant.callback.field.bothShapes') }],
    );
  if (specKeys.length > 0) return checkSpecShape(json, header, secretKey);
  if (sdkKeys.length > 0) return checkSdkShape(json, text, header, secretKey);
  return rejected('unknown', t('mainMerchant.callback.noFields'), [
    { field: 'body', message: t('mainMerchant.callback.field.noFields') },
  ]);
}

function checkSpecShape(json: object, header: string, secretKey: string): CallbackCheck {
  const parsed = LenientSpecCallback.safeParse(json);
  if (!parsed.success) {
    const problems = issuesOf(parsed.error, json);
    return rejected(
      'spec',
      t('mainMerchant.callback.incomplete', { shape: 'spec', problems: problemList(problems) }),
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
  const headerNote = header === '' ? null : t('mainMerchant.callback.headerUnused');
  // Hex has no case of its own: a service writing it in lower case signs the same Hash (spec 6 shows upper).
  const matches = sameText(callbackSignature(secretKey, body.Hash), body.Signature.toUpperCase());
  if (matches) {
    const caseNote = body.Signature === body.Signature.toUpperCase() ? null : t('mainMerchant.callback.lowerCase');
    return {
      result: {
        valid: true,
        shape: 'spec',
        headline: specHeadline(),
        summary: sentences(t('mainMerchant.callback.specValid'), caseNote, headerNote),
        proves: specProves(),
        doesNotProve: specDoesNotProve(),
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
      headline: invalidHeadline(),
      summary: sentences(t('mainMerchant.callback.specInvalid'), headerNote),
      proves: null,
      doesNotProve: null,
      problems: [{ field: 'Signature', message: t('mainMerchant.callback.field.md5Mismatch') }],
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
      t('mainMerchant.callback.incomplete', { shape: 'sdk', problems: problemList(problems) }),
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
          ? t('mainMerchant.callback.field.nested')
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
      headline: invalidHeadline(),
      summary,
      proves: null,
      doesNotProve: null,
      problems: [{ field: 'X-Paybin-Signature', message }],
      fields,
      comparison: null,
    },
    facts,
  });
  if (header === '') return fail(t('mainMerchant.callback.headerMissing'), t('mainMerchant.callback.field.missing'));
  const expected = hmacHex(secretKey, text);
  if (sameText(expected, header)) {
    return {
      result: {
        valid: true,
        shape: 'sdk',
        headline: sdkHeadline(),
        summary: t('mainMerchant.callback.sdkValid'),
        proves: sdkProves(),
        doesNotProve: sdkDoesNotProve(),
        problems: [],
        fields: shown.map((field) => ({ ...field, covered: true })),
        comparison: null,
      },
      facts,
    };
  }
  if (sameText(expected, header.toLowerCase()))
    return fail(t('mainMerchant.callback.upperCase'), t('mainMerchant.callback.field.upperCase'));
  if (sameText(hmacHex(secretKey, text.trim()), header))
    return fail(t('mainMerchant.callback.trimmed'), t('mainMerchant.callback.field.trimmed'));
  return fail(t('mainMerchant.callback.sdkInvalid'), t('mainMerchant.callback.field.hmacMismatch'));
}
