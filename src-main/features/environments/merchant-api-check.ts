import type { EnvironmentId } from '../../../src-preload/contract/app';
import { AppError } from '../../app-error';
import { createHttpCaller, readWholeUpTo } from '../../service/http-call';
import { requireApiUrl } from '../merchant';
import { t } from '../../i18n/main-text';

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
  const notMerchantApi = () =>
    new AppError('bad_input', t('mainMerchant.env.notMerchantApi', { apiUrl }), {
      field: 'apiUrl',
    });
  const unreachable = t('mainMerchant.env.merchantUnreachable', { apiUrl });
  const call = createHttpCaller({
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    words: { logName: 'merchant API check', moneyMoveUnknown: unreachable, timedOut: unreachable, unreachable },
  });
  let answer;
  try {
    answer = await call(
      {
        method: 'POST',
        url: `${apiUrl}/v1/merchant/balances`,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ PublicKey: '' }),
        movesMoney: false,
        logFields: {},
      },
      readWholeUpTo(MAX_ANSWER_BYTES, notMerchantApi),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_input') throw error;
    throw new AppError('network', unreachable, { field: 'apiUrl' });
  }
  if (answer.envelope === null) throw notMerchantApi();
  return {
    apiUrl,
    message: t('mainMerchant.env.merchantAnswers', { apiUrl }),
  };
}
