import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
import { parseRetryAfter } from './http-call';
import { signRequestBody } from './request-signing';
import { zCodeOf, type InterfaceBOperation, type ZReading } from './z-codes';

export type { InterfaceBOperation } from './z-codes';

/**
 * A withdrawal whose outcome the answer leaves unknown, with what the code says should follow
 * (docs/z-codes.md): a look-up at once for a fact about an earlier withdrawal, the waiting-for-approval
 * state for Z509, nothing more otherwise.
 */
export class UnknownWithdrawalError extends AppError {
  readonly reading: Exclude<ZReading, 'refusal'>;

  constructor(message: string, reading: Exclude<ZReading, 'refusal'>) {
    super('outcome_unknown', message);
    this.reading = reading;
  }
}

/** What a Z-code (or its absence) means for a call that moves no money. */
export function errorFor(
  operation: InterfaceBOperation,
  zcode: string | null,
  status: number,
  retryAfter: string | null = null,
): AppError {
  const reading = zCodeOf(zcode);
  if (!reading) {
    return new AppError(
      'service_error',
      zcode ? t('mainService.b.unknownCode', { zcode }) : t('mainService.b.httpError', { status: String(status) }),
    );
  }
  return new AppError(reading.appCode, reading.words(operation), {
    ...(reading.field === undefined ? {} : { field: reading.field }),
    ...(reading.appCode === 'rate_limited' ? { retryAfterSeconds: parseRetryAfter(retryAfter) } : {}),
  });
}

/** What the app read from an error answer: the HTTP status and the envelope beside it. */
export interface ErrorAnswer {
  readonly status: number;
  /** The envelope's Z-code, or null when there is none (or no readable envelope). */
  readonly zcode: string | null;
  /** The envelope's own `code`, or null when there is no readable envelope. */
  readonly envelopeCode: number | null;
  /** True only when the envelope has `data: null`, as every error answer of spec 2.1 does. */
  readonly dataIsNull: boolean;
  /** True when the envelope carries fields beyond apiVersion, data, code and message. */
  readonly extraFields: boolean;
}

/**
 * Whether an answer to a money move is a refusal in every part (security.md 28).
 *
 * The spec does not say on which HTTP status a Z-code comes, and services differ: one answers 400, another
 * (the reading the vendor's Python SDK is built for) answers every envelope on 200. So the refusal is read
 * from the envelope, and the status may only confirm it or stay out of the way:
 *
 * - the envelope's own `code` is a 4xx and its `data` is exactly null: the answer itself says "refused";
 * - the HTTP status is that same code (two independent parts agree), or exactly 200 (the status says
 *   nothing either way, as on a service that puts every envelope on 200). On 200 the envelope is the only
 *   witness, so it must be plain: no field beyond the envelope's four (a `txId` or `success` beside the
 *   code would make it ambiguous);
 * - anything else is a disagreement: a 5xx, another 4xx, a 2xx other than 200, an envelope code of 200 or
 *   5xx, data beside the code. The answer may describe a withdrawal the service took on, and reading it as
 *   a refusal would allow a same-id retry that a service without de-duplication pays twice (security.md 28).
 *
 * Which codes prove nothing moved is a separate question (z-codes.ts, reading 'refusal'): a consistent
 * answer with an unknown or ambiguous code is still an unknown outcome.
 */
export function isConsistentRefusal(answer: ErrorAnswer): boolean {
  const { status, envelopeCode, dataIsNull, extraFields } = answer;
  if (envelopeCode === null || envelopeCode < 400 || envelopeCode >= 500 || !dataIsNull) return false;
  if (status === envelopeCode) return true;
  return status === 200 && !extraFields;
}

/**
 * What an error answer to a withdrawal means (security.md 23, 28; docs/z-codes.md). Only a code read as a
 * refusal, on a consistent answer (isConsistentRefusal: 4xx envelope, status equal or 200), is a refusal.
 * Everything else is an unknown outcome: a server failure (5xx), an unknown or missing code, an ambiguous
 * one (Z400, Z500, Z503), a fact about an earlier withdrawal (Z501, Z519: looked up at once), one that says
 * the money may still move (Z509, awaiting e-mail approval), or an answer whose parts disagree.
 */
export function withdrawErrorFor(answer: ErrorAnswer, retryAfter: string | null = null): AppError {
  const { zcode, status } = answer;
  const entry = zCodeOf(zcode);
  const consistent = isConsistentRefusal(answer);
  if (entry?.reading === 'refusal' && consistent) return errorFor('withdraw', zcode, status, retryAfter);
  if (!entry)
    return new UnknownWithdrawalError(
      `${
        zcode
          ? t('mainService.b.withdrawUnknownCode', { zcode })
          : status >= 500
            ? t('mainService.b.withdrawServerFailed', { status: String(status) })
            : t('mainService.b.withdrawNotUnderstood', { status: String(status) })
      } ${t('mainService.b.mayHaveMoved')}`,
      'unknown',
    );
  switch (entry.reading) {
    case 'refusal':
      return new UnknownWithdrawalError(
        `${t('mainService.b.inconsistentRefusal', { zcode: entry.code, status: String(status) })} ${t('mainService.b.mayHaveMoved')}`,
        'unknown',
      );
    case 'awaiting-approval':
      return new UnknownWithdrawalError(
        `${entry.words('withdraw')} ${t('mainService.b.notAgain')}`,
        'awaiting-approval',
      );
    case 'earlier-withdrawal':
    case 'unknown':
      return new UnknownWithdrawalError(`${entry.words('withdraw')} ${t('mainService.b.mayHaveMoved')}`, entry.reading);
  }
}

/**
 * A refused signature has no code of its own in the spec; a service may answer it as a bad body hash
 * (the sandbox does, Z800). With signing on, that refusal also names the signing key.
 */
export function withSigningHint(error: AppError): AppError {
  if (error.code !== 'invalid_hash') return error;
  return new AppError(error.code, `${error.message} ${t('mainService.b.signingHint')}`, {
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
  });
}

const ENVELOPE_FIELDS = new Set(['apiVersion', 'data', 'code', 'message']);

/** Fields beside the envelope's four: on an error answer they make it say more than "refused". */
export function hasExtraFields(json: unknown): boolean {
  return typeof json === 'object' && json !== null && Object.keys(json).some((key) => !ENVELOPE_FIELDS.has(key));
}

/**
 * The X-Signature of a request body, or a refusal before anything leaves: a signing key in the keychain
 * that no longer reads as a private key (damaged, truncated, replaced) must not turn a withdrawal into
 * an unknown outcome when nothing was sent. The key's text never appears in the error.
 */
export function signOrRefuse(signingKey: string, body: string): string {
  try {
    return signRequestBody(signingKey, body);
  } catch (cause) {
    throw new AppError('not_configured', t('mainService.b.signingKeyDamaged'), {
      cause: new Error(cause instanceof Error ? cause.name : 'signing failed'),
    });
  }
}
