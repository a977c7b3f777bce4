import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
import { asSentence } from './as-sentence';
import type { AnyEnvelope } from './envelope';
import { parseRetryAfter, type ServiceAnswer } from './http-call';
import { interfaceARefusals } from './interface-a-refusals';

/**
 * What Interface A's error answers mean (spec 7.1), the counterpart of interface-b-errors.ts. Reads
 * retry on a 401 (the client's job); everything else becomes an AppError with a stable code.
 */

/** The error of any answer that is not a success; on a money move only spec 7.1's refusals in full count. */
export function errorForAnswer(answer: ServiceAnswer, movesMoney: boolean): AppError {
  const code = answer.envelope?.code ?? answer.status;
  const serviceMessage = cleanMessage(answer.envelope?.message);
  // On send and swap only an exactly known refusal counts as one; any other answer may have moved money
  // (security.md 28), so it is left to the feature to report as an unknown outcome.
  if (movesMoney) return moneyAnswerError(answer, serviceMessage);
  const shown = serviceMessage === null ? null : asSentence(serviceMessage);
  const ours = serviceMessage === null ? null : ownWordsFor(serviceMessage);
  switch (code) {
    case 403:
      // The role refusals stay as the service said them: explainRefusal (money-errors.ts) names the role.
      if (serviceMessage && /insufficient permissions/i.test(serviceMessage))
        return new AppError('forbidden', shown ?? '');
      return new AppError(
        'forbidden',
        ours ?? (shown ? t('mainService.a.forbiddenSaid', { message: shown }) : t('mainService.a.forbidden')),
      );
    case 429:
      return new AppError('rate_limited', t('mainService.a.rateLimited'), {
        retryAfterSeconds: parseRetryAfter(answer.retryAfter),
      });
    case 400:
      if (serviceMessage && /insufficient balance/i.test(serviceMessage))
        return new AppError('insufficient_balance', t('mainMoney.insufficientBalance'));
      if (serviceMessage && /invalid symbol/i.test(serviceMessage))
        return new AppError('invalid_symbol', t('mainService.a.unsupportedSymbol'));
      if (serviceMessage && /two[- ]?factor|\btfa\b|2fa/i.test(serviceMessage))
        return new AppError('invalid_code', t('mainMoney.invalidCode'), { field: 'tfa' });
      if (serviceMessage && /invalid address/i.test(serviceMessage))
        return new AppError('invalid_address', t('mainService.a.invalidAddress'), { field: 'address' });
      // "Invalid amount" stays as said: explainRefusal puts it at the amount field in the app's words.
      if (serviceMessage && /^invalid amount$/i.test(serviceMessage)) return new AppError('service_error', shown ?? '');
      return new AppError(
        'service_error',
        ours ?? (shown ? t('mainService.a.refusedSaid', { message: shown }) : t('mainService.a.refused')),
      );
    default:
      return new AppError(
        'service_error',
        serviceMessage
          ? t('mainService.a.problemSaid', { message: asSentence(serviceMessage) })
          : t('mainService.a.problemCode', { code: String(code) }),
      );
  }
}

/**
 * The refusals of a money-moving call the app knows to mean "nothing moved": spec 7.1's messages, and the
 * service's words for a bad two-factor code, address or amount (spec 7.1 leaves these unshown), matched
 * whole. Everything else, including a known status with an unknown message, is a `service_error`, which
 * the ledger treats as an unknown outcome (features/money/refusals.ts).
 */
const MONEY_REFUSALS: ReadonlyMap<string, { code: AppError['code']; field?: string }> = new Map(
  interfaceARefusals.map((refusal) => [
    `${refusal.status} ${refusal.message.toLowerCase()}`,
    { code: refusal.appCode, ...(refusal.field === undefined ? {} : { field: refusal.field }) },
  ]),
);

/**
 * The error of a money-moving call's failed answer. It is a refusal (nothing moved) only when it is one of
 * spec 7.1 in full: an HTTP 4xx status equal to the envelope's code (a 5xx or a gateway's status around a
 * refusal's envelope says the request went further than the check), `data` false as spec 7.1 says (an
 * answer that carries data may describe a transaction), and a message the app knows. Interface B asks the
 * same 4xx of a Z-code refusal (interface-b-errors.ts). Anything else is a `service_error`, which the
 * feature reports as an unknown outcome (features/money/money-errors.ts).
 */
function moneyAnswerError(
  answer: { readonly status: number; readonly envelope: AnyEnvelope | null; readonly retryAfter: string | null },
  message: string | null,
): AppError {
  const { status, envelope } = answer;
  const refusalShaped =
    status >= 400 && status < 500 && envelope !== null && envelope.code === status && envelope.data === false;
  const known = refusalShaped ? MONEY_REFUSALS.get(`${status} ${(message ?? '').toLowerCase()}`) : undefined;
  if (!known) {
    const code = envelope && envelope.code !== status ? `${status}, ${envelope.code}` : `${status}`;
    return new AppError(
      'service_error',
      message
        ? t('mainService.a.problemCodeSaid', { code, message: asSentence(message) })
        : t('mainService.a.problemCode', { code }),
    );
  }
  const retryAfter = answer.retryAfter;
  if (known.code === 'rate_limited') {
    return new AppError('rate_limited', t('mainService.a.rateLimited'), {
      retryAfterSeconds: parseRetryAfter(retryAfter),
    });
  }
  const ours = message === null ? null : ownWordsFor(message);
  return new AppError(
    known.code,
    ours ?? asSentence(message ?? ''),
    known.field === undefined ? {} : { field: known.field },
  );
}

/**
 * The app's own words for the service's refusals it knows (spec 7.1's and the service's words for a bad
 * address, symbol, balance or code): the service writes English, people read the app's language, on every
 * screen, not only those whose feature explains the refusal. The amount and the role refusals are explained
 * by money-errors.ts, which needs their words.
 */
function ownWordsFor(message: string): string | null {
  const said = message.trim().replace(/\.$/, '').toLowerCase();
  if (said === 'access denied to this account') return t('mainService.a.accessDenied');
  if (said === 'x-account-guid header is required') return t('mainService.a.noAccountGiven');
  if (said === 'invalid address') return t('mainService.a.invalidAddress');
  if (said === 'insufficient balance') return t('mainMoney.insufficientBalance');
  if (said === 'invalid symbol') return t('mainService.a.unsupportedSymbol');
  if (said === 'invalid two-factor code' || said === 'two-factor code is required') return t('mainMoney.invalidCode');
  return null;
}

/** Reads retry on any sign of a 401: a fresh token and a second read cost nothing. */
export function isUnauthorized(status: number, envelope: AnyEnvelope | null): boolean {
  return status === 401 || envelope?.code === 401;
}

/** Spec 7.1's 401 exactly: status and envelope 401, `data` false, "Unauthorized". */
export function isSpecUnauthorized(answer: {
  readonly status: number;
  readonly envelope: AnyEnvelope | null;
}): boolean {
  const { status, envelope } = answer;
  return (
    status === 401 &&
    envelope !== null &&
    envelope.code === 401 &&
    envelope.data === false &&
    envelope.message.trim().toLowerCase() === 'unauthorized'
  );
}

/** Service messages are shown to the user: keep them short and single-line. */
function cleanMessage(message: string | undefined): string | null {
  if (!message) return null;
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine === '' ? null : oneLine.slice(0, 200);
}
