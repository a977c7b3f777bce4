import { AppError } from '../app-error';
import type { ErrorCode } from '../../src-preload/result';
import { parseRetryAfter } from './http-call';
import { signRequestBody } from './request-signing';

/** The Interface B calls, as the error messages name their context. */
export type InterfaceBOperation =
  'withdraw' | 'verify-start' | 'verify-confirm' | 'withdrawable' | 'deposit-create' | 'deposit-get' | 'balances';

interface Reading {
  /** The app's stable code when the call moves no money. */
  readonly code: ErrorCode;
  /** What the code means, in words for a finance team; names the code so support can find it. */
  readonly message: (operation: InterfaceBOperation) => string;
  readonly field?: string;
  /**
   * True only where the code itself proves the service refused before acting, so a withdrawal that got it
   * moved nothing (security.md 28): a wrong code, no balance, bad parameters, hash or credentials, a blocked
   * account, an IP not allowed, the rate limit. Everything else on a withdrawal is an unknown outcome.
   */
  readonly nothingMoved: boolean;
}

const DUPLICATE =
  'the service says this reference id was already used, so an earlier request with it may already have been carried out';

/**
 * Every Z-code of spec 7.2 and of the vendor SDK (design.md "Facts from outside the spec"), one entry each.
 * Where the material gives two readings (Z400, Z500, Z503) the message says both: the app cannot know which
 * one the service meant. Z502/Z503/Z504 as "duplicate reference id" never ask for the secret key again.
 */
export const zCodeCatalogue: Readonly<Record<string, Reading>> = {
  Z200: {
    code: 'invalid_credentials',
    field: 'publicKey',
    nothingMoved: true,
    message: () =>
      'The merchant API does not know this public key (Z200). Check that it was copied completely and that it belongs to the environment selected here: sandbox keys only work in the sandbox, production keys only in production.',
  },
  Z202: {
    code: 'invalid_code',
    field: 'tfaCode',
    nothingMoved: true,
    message: () =>
      'The service refused the two-factor code (Z202): it is wrong or was already used. Wait for the next code in your authenticator app.',
  },
  Z206: {
    code: 'forbidden',
    nothingMoved: true,
    message: () => 'The merchant account is blocked at the service (Z206). Contact the service to unblock it.',
  },
  Z300: {
    code: 'invalid_symbol',
    field: 'symbol',
    nothingMoved: true,
    message: () => 'The service does not support this asset on this network (Z300).',
  },
  Z400: {
    code: 'service_error',
    nothingMoved: false,
    message: () =>
      'The service answered Z400, which means either a blockchain network error or a bad request. Try again later; if it persists, contact the service.',
  },
  Z429: {
    code: 'rate_limited',
    nothingMoved: true,
    message: () => 'Too many requests to the merchant API (Z429). Please wait a moment and try again.',
  },
  Z500: {
    code: 'service_error',
    nothingMoved: false,
    message: (operation) => {
      switch (operation) {
        case 'verify-confirm':
          return 'No verification is waiting for this reference and asset (Z500). It may have expired after too many wrong amounts: start the verification again.';
        case 'deposit-get':
          return 'No deposit address was found for this member id and asset (Z500). Create one first.';
        default:
          return 'The service answered Z500, which means either "no wallet found" or an internal error. Try again later.';
      }
    },
  },
  Z502: {
    code: 'service_error',
    nothingMoved: false,
    message: () => `The request was refused as a duplicate (Z502): ${DUPLICATE}.`,
  },
  Z503: {
    code: 'invalid_credentials',
    field: 'secretKey',
    nothingMoved: false,
    message: (operation) =>
      operation === 'deposit-create'
        ? 'The service answered Z503: either this reference id was already used for another deposit address (use a new reference id), or the secret key was refused (it is not the secret key that goes with this public key).'
        : 'The secret key was refused (Z503): it is not the secret key that goes with this public key, or it has been revoked. Paste the secret key again from the merchant dashboard of the same environment.',
  },
  Z504: {
    code: 'service_error',
    nothingMoved: false,
    message: () => `The request was refused as a duplicate (Z504): ${DUPLICATE}.`,
  },
  Z509: {
    code: 'service_error',
    nothingMoved: false,
    message: () =>
      'The request is awaiting e-mail approval (Z509): the service sent a message to the merchant account mailbox, and the money may still move once it is approved.',
  },
  Z513: {
    code: 'insufficient_balance',
    field: 'amount',
    nothingMoved: true,
    message: () => 'The merchant balance is too low for this amount (Z513).',
  },
  Z514: {
    code: 'insufficient_balance',
    field: 'amount',
    nothingMoved: true,
    message: () => 'The merchant balance is too low for this amount and its fee (Z514).',
  },
  Z533: {
    code: 'forbidden',
    nothingMoved: true,
    message: () =>
      "This computer's IP address is not on the merchant's allowed list (Z533). Add it in the merchant dashboard, or use an allowed network.",
  },
  Z600: {
    code: 'bad_input',
    nothingMoved: true,
    message: (operation) => {
      switch (operation) {
        case 'withdraw':
          return 'The service refused the withdrawal as invalid parameters (Z600), and no money moved. Common causes: a wrong or already used two-factor code, an e-mail that is not the merchant account e-mail, an amount above the balance or with too many decimals, an address that does not suit the network, or a merchant transaction id already used for a different withdrawal.';
        case 'verify-start':
          return 'The service refused to start the verification (Z600, invalid parameters): check that the address suits the network.';
        case 'verify-confirm':
          return 'The service refused the confirmation (Z600, invalid parameters): check the amount.';
        case 'deposit-create':
          return 'The service refused the deposit address request (Z600, invalid parameters): check the URLs, the currency, and that this reference id has not been used with different details.';
        default:
          return 'The service refused the request (Z600, invalid parameters).';
      }
    },
  },
  Z800: {
    code: 'invalid_hash',
    nothingMoved: true,
    message: () =>
      "The service could not verify the request's signature hash (Z800): the keys don't match this merchant, or they belong to a different environment. Check that the public and secret key are a pair from the same merchant and environment.",
  },
  Z900: {
    code: 'invalid_credentials',
    nothingMoved: false,
    message: () =>
      'The service says the authorisation token has expired (Z900). Try again; if it persists, check the merchant keys.',
  },
};

const MAY_HAVE_MOVED =
  'The money may have moved, so the outcome of this withdrawal is unknown. Do not enter it again; nothing will be sent again automatically.';

/** What a Z-code (or its absence) means for a call that moves no money. */
export function errorFor(
  operation: InterfaceBOperation,
  zcode: string | null,
  status: number,
  retryAfter: string | null = null,
): AppError {
  const reading = zcode === null ? undefined : zCodeCatalogue[zcode];
  if (!reading) {
    return new AppError(
      'service_error',
      zcode
        ? `The merchant API answered with a code the app does not know (${zcode}).`
        : `The merchant API answered with an error (HTTP ${status}).`,
    );
  }
  return new AppError(reading.code, reading.message(operation), {
    ...(reading.field === undefined ? {} : { field: reading.field }),
    ...(reading.code === 'rate_limited' ? { retryAfterSeconds: parseRetryAfter(retryAfter) } : {}),
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
 * Which codes prove nothing moved is a separate question (zCodeCatalogue's `nothingMoved`): a consistent
 * answer with an unknown or ambiguous code is still an unknown outcome.
 */
export function isConsistentRefusal(answer: ErrorAnswer): boolean {
  const { status, envelopeCode, dataIsNull, extraFields } = answer;
  if (envelopeCode === null || envelopeCode < 400 || envelopeCode >= 500 || !dataIsNull) return false;
  if (status === envelopeCode) return true;
  return status === 200 && !extraFields;
}

/**
 * What an error answer to a withdrawal means (security.md 23, 28). Only a known code that proves nothing
 * moved, on a consistent answer (isConsistentRefusal: 4xx envelope, status equal or 200), is a refusal; a server failure (5xx), an unknown or missing code, an
 * ambiguous one (Z400, Z500, Z503), one that says the money may still move (Z509, a duplicate), or an
 * answer whose parts disagree is an unknown outcome.
 */
export function withdrawErrorFor(answer: ErrorAnswer, retryAfter: string | null = null): AppError {
  const { zcode, status } = answer;
  const reading = zcode === null ? undefined : zCodeCatalogue[zcode];
  const consistent = isConsistentRefusal(answer);
  if (reading?.nothingMoved && consistent) return errorFor('withdraw', zcode, status, retryAfter);
  const what =
    reading && !consistent && reading.nothingMoved
      ? `The service answered ${zcode} (HTTP ${status}), but the rest of its answer does not say the same, so it does not prove that nothing moved.`
      : reading
        ? reading.code === 'invalid_credentials' && zcode === 'Z503'
          ? `The service answered Z503, which can mean a refused API key or ${DUPLICATE}.`
          : reading.message('withdraw')
        : zcode
          ? `The service answered with a code the app does not know (${zcode}).`
          : status >= 500
            ? `The service failed while handling the withdrawal (HTTP ${status}).`
            : `The service answered in a way the app does not understand (HTTP ${status}).`;
  return new AppError('outcome_unknown', `${what} ${MAY_HAVE_MOVED}`);
}

/**
 * A refused signature has no code of its own in the spec; a service may answer it as a bad body hash
 * (the sandbox does, Z800). With signing on, that refusal also names the signing key.
 */
export function withSigningHint(error: AppError): AppError {
  if (error.code !== 'invalid_hash') return error;
  return new AppError(
    error.code,
    `${error.message} Request signing is on: the service also refuses a signature made with a key it does not have registered for this merchant.`,
    {
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    },
  );
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
    throw new AppError(
      'not_configured',
      'The request-signing key kept in the keychain is damaged and cannot sign, so nothing was sent. Remove it under Request signing and generate or import a new one (then register its public key with the service), or turn request signing off.',
      { cause: new Error(cause instanceof Error ? cause.name : 'signing failed') },
    );
  }
}
