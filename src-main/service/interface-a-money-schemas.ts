import { z } from 'zod';

/**
 * Interface A resources of the calls that check and move money (spec 2.2, 4.1 #7 to #11); not strict, as in
 * interface-a-schemas.ts. The client imports this module at its first such call.
 */

/** 0 = Low, 1 = Standard, 2 = High. */
export const FeeRate = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type FeeRate = z.infer<typeof FeeRate>;

export const FeeData = z.object({
  feeRate: FeeRate,
  fee: z.number(),
  arrivalEstimation: z.string(),
  symbol: z.string(),
  usd: z.number(),
});
export type FeeData = z.infer<typeof FeeData>;

export const SendPrecheckRequest = z.object({
  symbol: z.string().min(1),
  address: z.string().min(1),
  amount: z.number().positive(),
});
export type SendPrecheckRequest = z.infer<typeof SendPrecheckRequest>;

export const SendPrecheckResult = z.object({
  feeData: z.array(FeeData),
  price: z.number(),
  availableBalance: z.number(),
  symbol: z.string(),
  address: z.string(),
  amount: z.number(),
});
export type SendPrecheckResult = z.infer<typeof SendPrecheckResult>;

export const SendRequest = z.object({
  symbol: z.string().min(1),
  address: z.string().min(1),
  amount: z.number().positive(),
  feeRate: FeeRate,
  referenceId: z.string().min(1).optional(),
  description: z.string().optional(),
});
export type SendRequest = z.infer<typeof SendRequest>;

export const SendResult = z.object({
  txId: z.string(),
  explorerUrl: z.string(),
});
export type SendResult = z.infer<typeof SendResult>;

export const SwapSymbolInfo = z.object({
  baseSymbol: z.string(),
  quoteSymbols: z.array(z.string()),
  depositNetworks: z.array(z.string()),
  withdrawNetworks: z.array(z.string()),
});
export type SwapSymbolInfo = z.infer<typeof SwapSymbolInfo>;

export const SwapBalance = z.object({
  btcBalance: z.number(),
  ethBalance: z.number(),
  usdtBalance: z.number(),
  trxBalance: z.number(),
  bnbBalance: z.number(),
  ltcBalance: z.number(),
  solBalance: z.number(),
  avaxBalance: z.number(),
});
export type SwapBalance = z.infer<typeof SwapBalance>;

export const SwapSymbols = z.object({
  symbolList: z.array(SwapSymbolInfo),
  balance: SwapBalance,
});
export type SwapSymbols = z.infer<typeof SwapSymbols>;

export const SwapPrecheckResult = z.object({
  cryptoAmount: z.number(),
  toAmount: z.number(),
});
export type SwapPrecheckResult = z.infer<typeof SwapPrecheckResult>;

export const SwapResult = z.object({
  address: z.string(),
  swapReferenceId: z.string(),
  sendResult: SendResult.nullish(),
  /** Only `null` is shown in the spec; its type otherwise is unknown. */
  errorCode: z.union([z.string(), z.number()]).nullish(),
  statusCode: z.number(),
});
export type SwapResult = z.infer<typeof SwapResult>;
