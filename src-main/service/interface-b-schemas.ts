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

export const CreatedMerchantDepositAddress = z.object({
  wallet: z.string().min(1),
  requestId: z.string(),
  referenceGuid: z.string(),
  symbol: z.string(),
  network: z.string(),
  price: z.object({ usd: z.number(), eur: z.number(), gbp: z.number(), try: z.number(), jpy: z.number() }),
  supportedNetworks: z.array(z.string()),
  contractTypes: z.array(z.string()),
  minAmounts: z.array(z.object({ currency: z.string(), amount: z.number() })),
  information: z.string(),
});
export type CreatedMerchantDepositAddress = z.infer<typeof CreatedMerchantDepositAddress>;

export const RetrievedMerchantDepositAddress = z.object({
  memberWalletId: z.number(),
  address: z.string().min(1),
  symbol: z.string(),
  networkId: z.number().int(),
  network: z.string(),
  referenceGuid: z.string(),
  isContract: z.boolean(),
  supportedNetworks: z.array(z.string()),
  contractTypes: z.array(z.string()),
  information: z.string(),
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
