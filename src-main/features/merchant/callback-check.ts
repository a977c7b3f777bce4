import type { CallbackCheckResult } from '../../../src-preload/contract/merchant';
import { callbackSignature, sameText } from '../../service/interface-b-hashes';
import { DepositCallbackBody } from '../../service/interface-b-schemas';

/**
 * Checks a pasted deposit callback body (spec 6) for a merchant debugging their endpoint. The rule is the
 * spec's: Signature = uppercase hex MD5(secret key + Hash), computed here in main with the stored secret.
 * The spec does not say how Hash is derived from the other fields, so a valid signature proves that Hash
 * came from the service, and the fields are listed for the merchant to compare with their records.
 */
export function checkCallbackBody(text: string, secretKey: string): CallbackCheckResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      valid: false,
      summary: 'This is not valid JSON. Paste the raw body of the callback request.',
      problems: [{ field: 'body', message: 'not JSON' }],
      fields: [],
    };
  }
  const parsed = DepositCallbackBody.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 20).map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.code === 'invalid_type' && issue.input === undefined ? 'missing' : issue.message,
    }));
    return {
      valid: false,
      summary: `This is not a deposit callback body: ${problems.map((p) => `${p.field} (${p.message})`).join(', ')}.`,
      problems,
      fields: [],
    };
  }
  const body = parsed.data;
  const fields = [
    { name: 'Address', value: body.Address },
    { name: 'UniqueId', value: body.UniqueId },
    { name: 'Amount', value: String(body.Amount) },
    { name: 'Symbol', value: body.Symbol },
    { name: 'ReferenceId', value: body.ReferenceId },
    { name: 'OrderId', value: String(body.OrderId) },
    {
      name: 'Price',
      value: Object.entries(body.Price)
        .map(([currency, amount]) => `${currency} ${String(amount)}`)
        .join(', '),
    },
    { name: 'Hash', value: body.Hash },
    { name: 'Signature', value: body.Signature },
  ];
  const expected = callbackSignature(secretKey, body.Hash);
  if (sameText(expected, body.Signature)) {
    return {
      valid: true,
      summary:
        'Valid: the Signature matches the Hash and your secret key, so this callback came from the service. Compare the fields with your records.',
      problems: [],
      fields,
    };
  }
  const caseOnly = sameText(expected, body.Signature.toUpperCase());
  return {
    valid: false,
    summary: caseOnly
      ? 'Invalid: the Signature is in lower case; the service sends it in upper case hex.'
      : 'Invalid: the Signature does not match the Hash and your secret key. The body was changed, or it was signed with another merchant’s key (or another environment’s).',
    problems: [{ field: 'Signature', message: 'does not match MD5(secret key + Hash)' }],
    fields,
  };
}
