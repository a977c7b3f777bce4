import type { ErrorCode } from '../../src-preload/result';

/** The Interface B calls, as the error messages name their context. */
export type InterfaceBOperation =
  'withdraw' | 'verify-start' | 'verify-confirm' | 'withdrawable' | 'deposit-create' | 'deposit-get' | 'balances';

/**
 * What a Z-code on a withdrawal tells the app (docs/z-codes.md):
 * - refusal: the service refused before acting, so nothing moved and the same withdrawal may be sent again;
 * - earlier-withdrawal: a fact about a withdrawal already made under this merchant transaction id, so the
 *   app looks it up at once and settles it when found;
 * - awaiting-approval: the withdrawal waits for approval by e-mail and may still move money; the look-up
 *   settles it once it appears;
 * - unknown: the code does not say whether money moved.
 */
export type ZReading = 'refusal' | 'earlier-withdrawal' | 'awaiting-approval' | 'unknown';

/** Where the app learnt a code: the spec, the vendor's SDK, or the vendor's developer site. */
export type ZSource = 'spec 7.2' | 'vendor SDK' | 'vendor SDK and spec 7.2' | 'vendor developer site';

export interface ZCode {
  readonly code: string;
  /** The meaning as the service's material writes it, for the table. */
  readonly meaning: string;
  readonly source: ZSource;
  readonly reading: ZReading;
  /** The app's stable code when the call moves no money. */
  readonly appCode: ErrorCode;
  readonly field?: string;
  /** What the code means, in words for a finance team; names the code so support can find it. */
  readonly words: (operation: InterfaceBOperation) => string;
}

const DUPLICATE =
  'the service says this reference id was already used, so an earlier request with it may already have been carried out';

/**
 * Every Z-code of spec 7.2, the vendor SDK and the vendor's developer site, one entry each (as listed in
 * design.md "More facts from the vendor's public material (paybin-js types and examples, the developer site's error pages)"). Where the material gives two readings (Z400, Z500, Z503) the
 * words say both: the app cannot know which one the service meant, so on a withdrawal they stay unknown.
 * A withdrawal's ReferenceId is the member reference, shared by all of a member's withdrawals, so a
 * duplicate reference id (Z502, Z504) says nothing about this withdrawal and stays unknown too.
 */
export const zCodes: readonly ZCode[] = [
  {
    code: 'Z100',
    meaning: 'An error occurred (HTTP 500)',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => 'The service reported an internal error (Z100). Try again later; if it persists, contact the service.',
  },
  {
    code: 'Z200',
    meaning: 'Invalid credentials',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'invalid_credentials',
    field: 'publicKey',
    words: () =>
      'The merchant API does not know this public key (Z200). Check that it was copied completely and that it belongs to the environment selected here: sandbox keys only work in the sandbox, production keys only in production.',
  },
  {
    code: 'Z202',
    meaning: 'Invalid two-factor code',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_code',
    field: 'tfaCode',
    words: () =>
      'The service refused the two-factor code (Z202): it is wrong or was already used. Wait for the next code in your authenticator app.',
  },
  {
    code: 'Z204',
    meaning: 'Fingerprint or hash not the same',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_hash',
    words: () =>
      "The service found that the request's fingerprint does not match (Z204), so it did not act on it. Check that the public and secret key are a pair from the same merchant and environment.",
  },
  {
    code: 'Z206',
    meaning: 'Account blocked (HTTP 403)',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () => 'The merchant account is blocked at the service (Z206). Contact the service to unblock it.',
  },
  {
    code: 'Z300',
    meaning: 'Invalid symbol',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'invalid_symbol',
    field: 'symbol',
    words: () => 'The service does not support this asset on this network (Z300).',
  },
  {
    code: 'Z400',
    meaning: 'Blockchain network error, or a bad request',
    source: 'vendor SDK and spec 7.2',
    reading: 'unknown',
    appCode: 'service_error',
    words: () =>
      'The service answered Z400, which means either a blockchain network error or a bad request. Try again later; if it persists, contact the service.',
  },
  {
    code: 'Z429',
    meaning: 'Rate limit exceeded',
    source: 'spec 7.2',
    reading: 'refusal',
    appCode: 'rate_limited',
    words: () => 'Too many requests to the merchant API (Z429). Please wait a moment and try again.',
  },
  {
    code: 'Z500',
    meaning: 'No wallet found, or an internal error',
    source: 'vendor SDK and spec 7.2',
    reading: 'unknown',
    appCode: 'service_error',
    words: (operation) => {
      switch (operation) {
        case 'verify-confirm':
          return 'No verification is waiting for this reference and asset (Z500). It may have expired after too many wrong amounts: start the verification again.';
        case 'deposit-get':
          return 'No deposit address was found for this member id and asset (Z500). Create one first.';
        case 'withdraw':
        case 'verify-start':
        case 'withdrawable':
        case 'deposit-create':
        case 'balances':
          return 'The service answered Z500, which means either "no wallet found" or an internal error. Try again later.';
      }
    },
  },
  {
    code: 'Z501',
    meaning: 'This withdrawal has already been executed',
    source: 'vendor SDK',
    reading: 'earlier-withdrawal',
    appCode: 'service_error',
    words: () =>
      'The service says a withdrawal with this merchant transaction id has already been carried out (Z501). The app looks for it in your accounts’ history to settle it.',
  },
  {
    code: 'Z502',
    meaning: 'Duplicate reference id',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => `The request was refused as a duplicate (Z502): ${DUPLICATE}.`,
  },
  {
    code: 'Z503',
    meaning: 'Reference id already has a wallet; the spec reads it as an invalid API key',
    source: 'vendor SDK and spec 7.2',
    reading: 'unknown',
    appCode: 'invalid_credentials',
    field: 'secretKey',
    words: (operation) => {
      switch (operation) {
        case 'deposit-create':
          return 'The service answered Z503: either this reference id was already used for another deposit address (use a new reference id), or the secret key was refused (it is not the secret key that goes with this public key).';
        case 'withdraw':
          return `The service answered Z503, which can mean a refused API key or ${DUPLICATE}.`;
        case 'verify-start':
        case 'verify-confirm':
        case 'withdrawable':
        case 'deposit-get':
        case 'balances':
          return 'The secret key was refused (Z503): it is not the secret key that goes with this public key, or it has been revoked. Paste the secret key again from the merchant dashboard of the same environment.';
      }
    },
  },
  {
    code: 'Z504',
    meaning: 'Duplicate reference id',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => `The request was refused as a duplicate (Z504): ${DUPLICATE}.`,
  },
  {
    code: 'Z505',
    meaning: 'Invalid request',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'bad_input',
    words: () =>
      'The service refused the request as invalid (Z505), so it did not act on it. Check the details and try again; if it persists, contact the service.',
  },
  {
    code: 'Z507',
    meaning: 'Withdrawal amount too small',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'bad_input',
    field: 'amount',
    words: () =>
      'The amount is below the smallest withdrawal the service accepts for this asset (Z507). Enter a larger amount.',
  },
  {
    code: 'Z509',
    meaning: 'Check your e-mail to approve the withdrawal',
    source: 'vendor SDK',
    reading: 'awaiting-approval',
    appCode: 'service_error',
    words: () =>
      'The withdrawal is waiting for your e-mail approval (Z509): the service sent a message to the merchant account mailbox. The money may still move once it is approved there. Check status here afterwards.',
  },
  {
    code: 'Z511',
    meaning: 'Invalid address',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_address',
    field: 'address',
    words: () =>
      'The service refused the address (Z511): it is not a valid address for this asset and network. Check it and the network.',
  },
  {
    code: 'Z513',
    meaning: 'Insufficient balance',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'insufficient_balance',
    field: 'amount',
    words: () => 'The merchant balance is too low for this amount (Z513).',
  },
  {
    code: 'Z514',
    meaning: 'Insufficient balance',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'insufficient_balance',
    field: 'amount',
    words: () => 'The merchant balance is too low for this amount and its fee (Z514).',
  },
  {
    code: 'Z515',
    meaning: 'Invalid withdrawal update request',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'bad_input',
    words: () =>
      'The service refused the request as an invalid withdrawal update (Z515), so it did not act on it. Contact the service if it persists.',
  },
  {
    code: 'Z517',
    meaning: 'Withdrawal not found',
    source: 'vendor developer site',
    reading: 'unknown',
    appCode: 'service_error',
    words: () =>
      'The service answered that it cannot find the withdrawal (Z517). That does not say whether this one was taken on.',
  },
  {
    code: 'Z519',
    meaning: 'Duplicate withdrawal request',
    source: 'vendor SDK',
    reading: 'earlier-withdrawal',
    appCode: 'service_error',
    words: () =>
      'The service says it already has a withdrawal request with this merchant transaction id (Z519). The app looks for it in your accounts’ history to settle it.',
  },
  {
    code: 'Z521',
    meaning: 'Invalid credentials',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'invalid_credentials',
    words: () =>
      'The service refused the merchant keys (Z521). Check that the public and secret key are a pair from the same merchant and environment.',
  },
  {
    code: 'Z523',
    meaning: 'Invalid body hash',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'invalid_hash',
    words: () =>
      "The service could not verify the request's body hash (Z523). Check that the public and secret key are a pair from the same merchant and environment.",
  },
  {
    code: 'Z525',
    meaning: 'Not recoverable from the material',
    source: 'vendor developer site',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => 'The service answered Z525, a code whose meaning its public material does not give.',
  },
  {
    code: 'Z529',
    meaning: 'SMS verification needed',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () =>
      'The service asks for an SMS verification (Z529), which the app cannot give. Complete it as the service tells you (by text message or in the merchant dashboard), then check the status here.',
  },
  {
    code: 'Z531',
    meaning: 'Invalid SMS code',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_code',
    words: () =>
      'The service refused the SMS verification code (Z531). Ask for a new code in the merchant dashboard and complete the verification there.',
  },
  {
    code: 'Z533',
    meaning: 'IP address not on the allowed list',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () =>
      "This computer's IP address is not on the merchant's allowed list (Z533). Add it in the merchant dashboard, or use an allowed network.",
  },
  {
    code: 'Z540',
    meaning: 'Address limit reached',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () =>
      'The merchant account has reached its limit of addresses (Z540). Remove addresses that are no longer used in the merchant dashboard, then try again.',
  },
  {
    code: 'Z600',
    meaning: 'Invalid parameters',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'bad_input',
    words: (operation) => {
      switch (operation) {
        case 'withdraw':
          return 'The service refused the withdrawal as invalid parameters (Z600), and no money moved. Common causes: a wrong or already used two-factor code, an e-mail that is not the merchant account e-mail, an amount above the balance or with too many decimals, an address that does not suit the network, or a merchant transaction id already used for a different withdrawal.';
        case 'verify-start':
          return 'The service refused to start the verification (Z600, invalid parameters): check that the address suits the network.';
        case 'verify-confirm':
          return 'The service refused the confirmation (Z600, invalid parameters): check the amount.';
        case 'deposit-create':
          return 'The service refused the deposit address request (Z600, invalid parameters): check the URLs, the currency, and that this reference id has not been used with different details.';
        case 'withdrawable':
        case 'deposit-get':
        case 'balances':
          return 'The service refused the request (Z600, invalid parameters).';
      }
    },
  },
  {
    code: 'Z700',
    meaning: 'Captcha required',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () =>
      'The service asks for a captcha (Z700), which only its website can show. Sign in to the merchant dashboard from this network once, then try again.',
  },
  {
    code: 'Z800',
    meaning: 'Invalid body hash',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'invalid_hash',
    words: () =>
      "The service could not verify the request's signature hash (Z800): the keys don't match this merchant, or they belong to a different environment. Check that the public and secret key are a pair from the same merchant and environment.",
  },
  {
    code: 'Z900',
    meaning: 'Token expired (HTTP 401)',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'invalid_credentials',
    words: () =>
      'The service says the authorisation token has expired (Z900). Try again; if it persists, check the merchant keys.',
  },
];

const byCode: ReadonlyMap<string, ZCode> = new Map(zCodes.map((entry) => [entry.code, entry]));

/** The table's entry for a code, or undefined for one the app does not know (read as unknown). */
export function zCodeOf(code: string | null): ZCode | undefined {
  return code === null ? undefined : byCode.get(code);
}

/** What a code means on a withdrawal; a code outside the table is unknown, as is no code at all. */
export function readingOf(code: string | null): ZReading {
  return zCodeOf(code)?.reading ?? 'unknown';
}
