import { z } from 'zod';

/** Response payloads of Interface B (spec 2.3), parsed before anything else reads them. */

export const WithdrawResult = z.object({
  txId: z.string().min(1),
  explorerUrl: z.string(),
  success: z.boolean(),
});
export type WithdrawResult = z.infer<typeof WithdrawResult>;

export const VerifyStartResult = z.object({
  txId: z.string(),
  amount: z.number(),
});
export type VerifyStartResult = z.infer<typeof VerifyStartResult>;

export const VerifyResult = z.object({ isVerified: z.boolean() });
export type VerifyResult = z.infer<typeof VerifyResult>;

export const WithdrawableAsset = z.object({
  symbol: z.string(),
  networkId: z.number().int(),
  referenceId: z.string(),
  address: z.string(),
  // Not in the spec's field list, but the label is given at verification; shown when the service sends it.
  label: z.string().optional(),
});
export const WithdrawableAssets = z.array(WithdrawableAsset);
export type WithdrawableAsset = z.infer<typeof WithdrawableAsset>;

/**
 * A field shown for information only: the SDK's declared answers lack some of spec 2.3's, so
 * absent is fine and a malformed one is dropped rather than refusing the whole answer. Fields money or
 * identity depends on (the address, its symbol and network) stay strict.
 */
const informative = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const Price = z.object({
  usd: informative(z.number()),
  eur: informative(z.number()),
  gbp: informative(z.number()),
  try: informative(z.number()),
  jpy: informative(z.number()),
});

export const CreatedMerchantDepositAddress = z.object({
  wallet: z.string().min(1),
  requestId: z.string(),
  symbol: z.string().min(1),
  network: z.string().min(1),
  referenceGuid: informative(z.string()),
  price: informative(Price),
  supportedNetworks: informative(z.array(z.string())),
  contractTypes: informative(z.array(z.string())),
  minAmounts: informative(z.array(z.object({ currency: z.string(), amount: z.number() }))),
  information: informative(z.string()),
});
export type CreatedMerchantDepositAddress = z.infer<typeof CreatedMerchantDepositAddress>;

/** The SDK types this answer as memberWalletId, address, symbol, network; the rest of spec 2.3 is informative. */
export const RetrievedMerchantDepositAddress = z.object({
  address: z.string().min(1),
  symbol: z.string().min(1),
  network: z.string().min(1),
  networkId: informative(z.number().int()),
  memberWalletId: informative(z.number()),
  referenceGuid: informative(z.string()),
  isContract: informative(z.boolean()),
  supportedNetworks: informative(z.array(z.string())),
  contractTypes: informative(z.array(z.string())),
  information: informative(z.string()),
});
export type RetrievedMerchantDepositAddress = z.infer<typeof RetrievedMerchantDepositAddress>;

/** The twelve balance fields of spec 2.3, in the spec's order. */
export const merchantBalanceFields = [
  'btcBalance',
  'ltcBalance',
  'ethBalance',
  'bnbBalance',
  'trxBalance',
  'usdtBalance',
  'bscusdBalance',
  'trxusdBalance',
  'optusdBalance',
  'optethBalance',
  'ethusdcBalance',
  'bscusdcBalance',
] as const;
export type MerchantBalanceField = (typeof merchantBalanceFields)[number];

export const MerchantBalances = z.object(
  Object.fromEntries(merchantBalanceFields.map((field) => [field, z.number()])) as Record<
    MerchantBalanceField,
    z.ZodNumber
  >,
);
export type MerchantBalances = z.infer<typeof MerchantBalances>;

/** Spec 6: the deposit event POSTed to a CallbackUrl. */
export const DepositCallbackBody = z.object({
  Address: z.string().min(1),
  UniqueId: z.string().min(1),
  Amount: z.number(),
  Symbol: z.string().min(1),
  ReferenceId: z.string(),
  Price: z.object({ USD: z.number(), GBP: z.number(), EUR: z.number(), TRY: z.number(), JPY: z.number() }),
  Signature: z.string().min(1),
  OrderId: z.number(),
  Hash: z.string().min(1),
});
export type DepositCallbackBody = z.infer<typeof DepositCallbackBody>;
