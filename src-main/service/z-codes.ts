import type { ErrorCode } from '../../src-preload/result';
import { t } from '../i18n/main-text';

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
    words: () => t('mainService.z.Z100'),
  },
  {
    code: 'Z200',
    meaning: 'Invalid credentials',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'invalid_credentials',
    field: 'publicKey',
    words: () => t('mainService.z.Z200'),
  },
  {
    code: 'Z202',
    meaning: 'Invalid two-factor code',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_code',
    field: 'tfaCode',
    words: () => t('mainService.z.Z202'),
  },
  {
    code: 'Z204',
    meaning: 'Fingerprint or hash not the same',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_hash',
    words: () => t('mainService.z.Z204'),
  },
  {
    code: 'Z206',
    meaning: 'Account blocked (HTTP 403)',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () => t('mainService.z.Z206'),
  },
  {
    code: 'Z300',
    meaning: 'Invalid symbol',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'invalid_symbol',
    field: 'symbol',
    words: () => t('mainService.z.Z300'),
  },
  {
    code: 'Z400',
    meaning: 'Blockchain network error, or a bad request',
    source: 'vendor SDK and spec 7.2',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => t('mainService.z.Z400'),
  },
  {
    code: 'Z429',
    meaning: 'Rate limit exceeded',
    source: 'spec 7.2',
    reading: 'refusal',
    appCode: 'rate_limited',
    words: () => t('mainService.z.Z429'),
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
          return t('mainService.z.Z500.verifyConfirm');
        case 'deposit-get':
          return t('mainService.z.Z500.depositGet');
        case 'withdraw':
        case 'verify-start':
        case 'withdrawable':
        case 'deposit-create':
        case 'balances':
          return t('mainService.z.Z500');
      }
    },
  },
  {
    code: 'Z501',
    meaning: 'This withdrawal has already been executed',
    source: 'vendor SDK',
    reading: 'earlier-withdrawal',
    appCode: 'service_error',
    words: () => t('mainService.z.Z501'),
  },
  {
    code: 'Z502',
    meaning: 'Duplicate reference id',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => t('mainService.z.Z502'),
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
          return t('mainService.z.Z503.depositCreate');
        case 'withdraw':
          return t('mainService.z.Z503.withdraw');
        case 'verify-start':
        case 'verify-confirm':
        case 'withdrawable':
        case 'deposit-get':
        case 'balances':
          return t('mainService.z.Z503');
      }
    },
  },
  {
    code: 'Z504',
    meaning: 'Duplicate reference id',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => t('mainService.z.Z504'),
  },
  {
    code: 'Z505',
    meaning: 'Invalid request',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'bad_input',
    words: () => t('mainService.z.Z505'),
  },
  {
    code: 'Z507',
    meaning: 'Withdrawal amount too small',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'bad_input',
    field: 'amount',
    words: () => t('mainService.z.Z507'),
  },
  {
    code: 'Z509',
    meaning: 'Check your e-mail to approve the withdrawal',
    source: 'vendor SDK',
    reading: 'awaiting-approval',
    appCode: 'service_error',
    words: () => t('mainService.z.Z509'),
  },
  {
    code: 'Z511',
    meaning: 'Invalid address',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_address',
    field: 'address',
    words: () => t('mainService.z.Z511'),
  },
  {
    code: 'Z513',
    meaning: 'Insufficient balance',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'insufficient_balance',
    field: 'amount',
    words: () => t('mainService.z.Z513'),
  },
  {
    code: 'Z514',
    meaning: 'Insufficient balance',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'insufficient_balance',
    field: 'amount',
    words: () => t('mainService.z.Z514'),
  },
  {
    code: 'Z515',
    meaning: 'Invalid withdrawal update request',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'bad_input',
    words: () => t('mainService.z.Z515'),
  },
  {
    code: 'Z517',
    meaning: 'Withdrawal not found',
    source: 'vendor developer site',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => t('mainService.z.Z517'),
  },
  {
    code: 'Z519',
    meaning: 'Duplicate withdrawal request',
    source: 'vendor SDK',
    reading: 'earlier-withdrawal',
    appCode: 'service_error',
    words: () => t('mainService.z.Z519'),
  },
  {
    code: 'Z521',
    meaning: 'Invalid credentials',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'invalid_credentials',
    words: () => t('mainService.z.Z521'),
  },
  {
    code: 'Z523',
    meaning: 'Invalid body hash',
    source: 'vendor developer site',
    reading: 'refusal',
    appCode: 'invalid_hash',
    words: () => t('mainService.z.Z523'),
  },
  {
    code: 'Z525',
    meaning: 'Not recoverable from the material',
    source: 'vendor developer site',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => t('mainService.z.Z525'),
  },
  {
    code: 'Z529',
    meaning: 'SMS verification needed',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'service_error',
    words: () => t('mainService.z.Z529'),
  },
  {
    code: 'Z531',
    meaning: 'Invalid SMS code',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'invalid_code',
    words: () => t('mainService.z.Z531'),
  },
  {
    code: 'Z533',
    meaning: 'IP address not on the allowed list',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () => t('mainService.z.Z533'),
  },
  {
    code: 'Z540',
    meaning: 'Address limit reached',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () => t('mainService.z.Z540'),
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
          return t('mainService.z.Z600.withdraw');
        case 'verify-start':
          return t('mainService.z.Z600.verifyStart');
        case 'verify-confirm':
          return t('mainService.z.Z600.verifyConfirm');
        case 'deposit-create':
          return t('mainService.z.Z600.depositCreate');
        case 'withdrawable':
        case 'deposit-get':
        case 'balances':
          return t('mainService.z.Z600');
      }
    },
  },
  {
    code: 'Z700',
    meaning: 'Captcha required',
    source: 'vendor SDK',
    reading: 'refusal',
    appCode: 'forbidden',
    words: () => t('mainService.z.Z700'),
  },
  {
    code: 'Z800',
    meaning: 'Invalid body hash',
    source: 'vendor SDK and spec 7.2',
    reading: 'refusal',
    appCode: 'invalid_hash',
    words: () => t('mainService.z.Z800'),
  },
  {
    code: 'Z900',
    meaning: 'Token expired (HTTP 401)',
    source: 'vendor SDK',
    reading: 'unknown',
    appCode: 'invalid_credentials',
    words: () => t('mainService.z.Z900'),
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
