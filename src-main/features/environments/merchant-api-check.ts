import type { EnvironmentId } from '../../../src-preload/contract/app';
import { AppError } from '../../app-error';
import { AnyEnvelope } from '../../service/envelope';
import { requireApiUrl } from '../merchant';
import { readLimited } from './sign-in-check';

/** Far more than an error envelope; a larger answer is not the merchant API, and is not read on. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Tests a merchant API (Interface B) address without any key: a balances request with an empty public key
 * and no X-Api-Key header. The service refuses it, but only a merchant API refuses it with the response
 * envelope (spec 2.1, 7.2), so the answer tells a right address from a wrong one; nothing secret is sent.
 */
export async function checkMerchantApiUrl(
  environment: EnvironmentId,
  text: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<{ apiUrl: string; message: string }> {
  const apiUrl = requireApiUrl(environment, text);
  const doFetch = options.fetch ?? fetch;
  let body: string | null;
  try {
    const response = await doFetch(`${apiUrl}/v1/merchant/balances`, {
      method: 'POST',
      redirect: 'error',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ PublicKey: '' }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    body = await readLimited(response, MAX_ANSWER_BYTES);
  } catch {
    throw new AppError('network', `The merchant API at ${apiUrl} could not be reached.`, { field: 'apiUrl' });
  }
  let json: unknown;
  try {
    json = body === null ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (!AnyEnvelope.safeParse(json).success) {
    throw new AppError(
      'bad_input',
      `Something answers at ${apiUrl}, but not like the merchant API: check the address.`,
      { field: 'apiUrl' },
    );
  }
  return {
    apiUrl,
    message: `${apiUrl} answers like the merchant API. Save your keys under Merchant › API keys to use it.`,
  };
}
