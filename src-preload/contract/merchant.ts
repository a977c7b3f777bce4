import { z } from 'zod';
import { EnvironmentId, KeychainStatus } from './app';
import { AssetCode } from './assets';
import { AmountInput, DecimalString } from './money';
import { operation } from './define';
import { PlainText, TextLines, UserText } from './text';
import { issueId } from '../input-issues';

/**
 * Merchant treasury (Interface B). The secret key goes in one direction only: from the settings form to
 * main (merchant.saveKeys). No result below has a field that could carry it back; the dispatcher strips
 * anything a schema does not name.
 */

const Text = (max: number) => PlainText().trim().max(max);
const ReferenceId = PlainText().trim().min(1, issueId('inputIssues.enterReferenceId')).max(200);

/**
 * How Symbol names an asset carried on several networks: the asset's name beside NetworkId, as
 * the service's own SDKs send it (`USDT` + 4), or the spec table's network-specific code (`BSC-USD`).
 */
export const AssetForm = z.enum(['asset-name', 'network-code']);
export type AssetForm = z.infer<typeof AssetForm>;

export const MerchantEnvironmentView = z.object({
  id: EnvironmentId,
  /** Interface B host, or null when none is configured for this environment yet. */
  apiUrl: z.string().nullable(),
  /** False for the local sandbox, whose address is built in. */
  apiUrlEditable: z.boolean(),
  publicKey: z.string().nullable(),
  /** Whether a secret key is stored in the keychain; the key itself never crosses the bridge. */
  secretKey: z.enum(['set', 'missing']),
  /** The API origin the keys were entered for. */
  boundOrigin: z.string().nullable(),
  /** Why these keys cannot be used right now (e.g. the API address changed since they were entered). */
  problem: z.string().nullable(),
  /**
   * Optional RS512 request signing (X-Signature). Only the public half of the key pair crosses the bridge,
   * to be registered with the service; the private key goes from the import form to main and never back.
   */
  signing: z.object({ enabled: z.boolean(), publicKeyPem: z.string().nullable() }),
  /** How this environment's requests name multi-network assets. */
  assetForm: AssetForm,
});
export type MerchantEnvironmentView = z.infer<typeof MerchantEnvironmentView>;

export const MerchantOverview = z.object({
  environment: EnvironmentId,
  environments: z.array(MerchantEnvironmentView),
  allowUnverified: z.boolean(),
  keychain: KeychainStatus,
  lastReferenceId: z.string(),
});
export type MerchantOverview = z.infer<typeof MerchantOverview>;

export const MerchantBalanceRow = z.object({
  field: z.string(),
  asset: z.string(),
  network: z.string(),
  code: z.string(),
  amount: DecimalString,
});
export type MerchantBalanceRow = z.infer<typeof MerchantBalanceRow>;

export const VerifiedAddress = z.object({
  code: z.string(),
  /** The reference the address is verified under, sent as a withdrawal's ReferenceId. */
  referenceId: z.string(),
  asset: z.string(),
  networkId: z.number().int(),
  networkName: z.string(),
  address: z.string(),
  label: z.string(),
});
export type VerifiedAddress = z.infer<typeof VerifiedAddress>;

/** A started verification. The amount the service sent is deliberately absent: the user proves it. */
export const PendingVerificationView = z.object({
  id: z.string(),
  environment: EnvironmentId,
  referenceId: z.string(),
  code: z.string(),
  networkName: z.string(),
  address: z.string(),
  label: z.string(),
  startedAt: z.string(),
  wrongAttempts: z.number().int(),
});
export type PendingVerificationView = z.infer<typeof PendingVerificationView>;

export const VerifyConfirmResult = z.object({
  verified: z.boolean(),
  message: z.string(),
  pending: z.array(PendingVerificationView),
});

export const FiatCurrency = z.enum(['USD', 'EUR', 'GBP', 'TRY', 'JPY']);
export const DepositAmountUnit = z.enum(['crypto', 'fiat']);
export type DepositAmountUnit = z.infer<typeof DepositAmountUnit>;

export const MerchantDepositAddressView = z.object({
  address: z.string(),
  code: z.string(),
  network: z.string(),
  referenceId: z.string(),
  /**
   * Informative fields are null (or empty) when the service's answer does not carry them: the SDK's
   * declared answers lack them. Shown when present.
   */
  referenceGuid: z.string().nullable(),
  minAmounts: z.array(z.object({ currency: z.string(), amount: DecimalString })),
  supportedNetworks: z.array(z.string()).nullable(),
  contractTypes: z.array(z.string()).nullable(),
  information: z.string().nullable(),
  /** Only from create: the service's price figures (the value of the expected amount), those it sent. */
  price: z.array(z.object({ currency: z.string(), amount: DecimalString })).nullable(),
  /** The expected amount as the user gave it and the unit it was sent in (create only). */
  expected: z.object({ amount: DecimalString, unit: z.string() }).nullable(),
  /** Set when the service answered another network than the one chosen: the payer must use the answered one. */
});
export type MerchantDepositAddressView = z.infer<typeof MerchantDepositAddressView>;

export const CallbackCheckResult = z.object({
  /** True only when the body is well-formed in one shape and its signature matches the stored secret key. */
  valid: z.boolean(),
  /** spec: the spec's (PascalCase, Signature field); sdk: the vendor SDK's (camelCase, header HMAC). */
  shape: z.enum(['spec', 'sdk', 'mixed', 'unknown']),
  /**
   * The verdict's first line, naming exactly what the signature covers (security.md 41): for the spec's shape
   * the Hash alone, never "valid" as if Amount and Address were vouched for.
   */
  headline: z.string(),
  summary: z.string(),
  /** What a valid signature of this shape proves, and what it does not (null when nothing was verified). */
  proves: z.string().nullable(),
  doesNotProve: z.string().nullable(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  /**
   * Each field as read; `covered` is true only where a matching signature vouches for it, null for the
   * spec's Signature field itself.
   */
  fields: z.array(z.object({ name: z.string(), value: z.string(), covered: z.boolean().nullable() })),
  /** The callback's Amount and Address beside what the service shows, where the app could see the deposit. */
  comparison: z
    .object({
      summary: z.string(),
      rows: z.array(z.object({ field: z.string(), callback: z.string(), service: z.string(), same: z.boolean() })),
    })
    .nullable(),
});
export type CallbackCheckResult = z.infer<typeof CallbackCheckResult>;

export const merchantOperations = {
  'merchant.getSettings': operation(z.void(), MerchantOverview),
  'merchant.setEnvironment': operation(z.object({ environment: EnvironmentId }).strict(), MerchantOverview),
  'merchant.setApiUrl': operation(
    z.object({ environment: EnvironmentId, apiUrl: Text(2048) }).strict(),
    MerchantOverview,
  ),
  'merchant.setAllowUnverified': operation(z.object({ allow: z.boolean() }).strict(), MerchantOverview),
  'merchant.setAssetForm': operation(
    z.object({ environment: EnvironmentId, assetForm: AssetForm }).strict(),
    MerchantOverview,
  ),
  /** Write-only: the secret key enters here and is never returned. */
  'merchant.saveKeys': operation(
    z
      .object({
        environment: EnvironmentId,
        publicKey: PlainText().trim().min(1, issueId('inputIssues.merchant.enterPublicKey')).max(200),
        secretKey: PlainText().trim().min(1, issueId('inputIssues.merchant.enterSecretKey')).max(500),
      })
      .strict(),
    MerchantOverview,
  ),
  'merchant.deleteKeys': operation(z.object({ environment: EnvironmentId }).strict(), MerchantOverview),
  'merchant.signingGenerate': operation(z.object({ environment: EnvironmentId }).strict(), MerchantOverview),
  /** Write-only, like the secret key: the private key enters here and is never returned. */
  'merchant.signingImport': operation(
    z
      .object({
        environment: EnvironmentId,
        privateKeyPem: TextLines()
          .trim()
          .min(1, issueId('inputIssues.merchant.pastePrivateKey'))
          .max(16_384, issueId('inputIssues.merchant.keyTooLong')),
      })
      .strict(),
    MerchantOverview,
  ),
  'merchant.signingSetEnabled': operation(
    z.object({ environment: EnvironmentId, enabled: z.boolean() }).strict(),
    MerchantOverview,
  ),
  'merchant.signingRemove': operation(z.object({ environment: EnvironmentId }).strict(), MerchantOverview),
  'merchant.testConnection': operation(z.void(), z.object({ message: z.string() })),
  'merchant.balances': operation(z.void(), z.array(MerchantBalanceRow)),
  'merchant.verifiedList': operation(z.object({ referenceId: ReferenceId }).strict(), z.array(VerifiedAddress)),
  'merchant.verifyStart': operation(
    z
      .object({
        referenceId: ReferenceId,
        code: AssetCode,
        address: Text(200),
        label: UserText(100).pipe(z.string().min(1, issueId('inputIssues.enterLabel'))),
      })
      .strict(),
    PendingVerificationView,
  ),
  'merchant.verifyPending': operation(z.void(), z.array(PendingVerificationView)),
  'merchant.verifyConfirm': operation(
    z.object({ id: PlainText().min(1).max(100), amount: AmountInput }).strict(),
    VerifyConfirmResult,
  ),
  'merchant.verifyRestart': operation(z.object({ id: PlainText().min(1).max(100) }).strict(), PendingVerificationView),
  'merchant.verifyDiscard': operation(
    z.object({ id: PlainText().min(1).max(100) }).strict(),
    z.array(PendingVerificationView),
  ),
  'merchant.depositCreate': operation(
    z
      .object({
        code: AssetCode,
        label: UserText(100),
        referenceId: Text(200),
        callbackUrl: Text(2048),
        amount: AmountInput.optional(),
        /**
         * What `amount` counts: units of the asset, or `currency` (the JavaScript SDK's reading).
         * Required with an amount: the app never guesses which one the user meant.
         */
        amountUnit: DepositAmountUnit.optional(),
        currency: FiatCurrency.optional(),
        redirectUrl: Text(2048).optional(),
        cancelUrl: Text(2048).optional(),
      })
      .strict(),
    MerchantDepositAddressView,
  ),
  'merchant.depositGet': operation(
    z.object({ memberId: ReferenceId, code: AssetCode, label: UserText(100).optional() }).strict(),
    MerchantDepositAddressView,
  ),
  'merchant.callbackCheck': operation(
    z
      .object({
        body: z.string().max(64 * 1024, issueId('inputIssues.merchant.callbackTooLong')),
        /** The X-Paybin-Signature header, for the SDK's shape; absent or empty for the spec's. */
        signatureHeader: PlainText().trim().max(512).optional(),
      })
      .strict(),
    CallbackCheckResult,
  ),
} as const;
