import { z } from 'zod';
import { withoutUnsafeCharacters } from '../../src-preload/contract/text';

/**
 * Interface A resources (spec 2.2). Objects are not strict: the service may add fields, and zod drops
 * the ones not named here, so nothing unexpected travels further into the app.
 */

export const AccountInfo = z.object({
  guid: z.string().min(1),
  name: z.string(),
  isPersonalAccount: z.boolean(),
  /** MerchantAdministrator and Agent are seen; the full set is not shown, so any string is accepted. */
  role: z.string(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const SessionUser = z.object({
  userGuid: z.string().min(1),
  name: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const Session = z.object({
  isAuthenticated: z.boolean(),
  user: SessionUser.nullable(),
  accounts: z.array(AccountInfo),
  currentAccountGuid: z.string().nullable(),
});
export type Session = z.infer<typeof Session>;

/**
 * The service's own words for a wallet (its display name, its network) are shown beside the send form's
 * unchecked-address tick: a hostile service could reorder them with bidi controls, so they are read with
 * the user-text rule's characters taken out (security.md 34). Stripped, not refused: one odd name must not
 * hide every wallet.
 */
function ServiceWords() {
  return z.string().transform(withoutUnsafeCharacters);
}

export const WalletInfo = z.object({
  symbolId: z.number(),
  symbol: z.string(),
  name: z.string(),
  displayName: ServiceWords(),
  network: ServiceWords(),
  price: z.number(),
  amount: z.number(),
  balanceFiatAmount: z.number(),
  address: z.string(),
});
export type WalletInfo = z.infer<typeof WalletInfo>;

export const Wallets = z.object({
  totalBalance: z.number(),
  dailyProfit: z.number(),
  wallets: z.array(WalletInfo),
});
export type Wallets = z.infer<typeof Wallets>;

export const WalletAddress = z.object({
  symbolName: z.string(),
  symbol: z.string(),
  displayName: ServiceWords(),
  network: ServiceWords(),
  address: z.string(),
});
export type WalletAddress = z.infer<typeof WalletAddress>;

export const CreateDepositAddressRequest = z.object({
  symbol: z.string().min(1),
  label: z.string(),
  referenceId: z.string().min(1),
  callbackUrl: z.url(),
  amount: z.number().positive().optional(),
  currency: z.string().min(1).optional(),
});
export type CreateDepositAddressRequest = z.infer<typeof CreateDepositAddressRequest>;

export const CreatedDepositAddress = z.object({
  wallet: z.string(),
  symbol: z.string(),
  network: z.string(),
  referenceId: z.string(),
  requestId: z.string(),
});
export type CreatedDepositAddress = z.infer<typeof CreatedDepositAddress>;

export const AccountProfile = z.object({
  name: z.string(),
  email: z.string(),
  merchantGuid: z.string(),
  role: z.string(),
  connectedAccounts: z.array(AccountInfo),
  companyCount: z.number(),
  userGuid: z.string(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

export const SwitchResult = z.object({
  currentAccountGuid: z.string().min(1),
  accounts: z.array(AccountInfo),
  totalBalance: z.number(),
  dailyProfit: z.number(),
  wallets: z.array(WalletInfo),
});
export type SwitchResult = z.infer<typeof SwitchResult>;

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

export const SwapRequest = z.object({
  fromSymbol: z.string().min(1),
  fromNetwork: z.string().min(1),
  toSymbol: z.string().min(1),
  toNetwork: z.string().min(1),
  amount: z.number().positive(),
  isUsdInput: z.boolean(),
});
export type SwapRequest = z.infer<typeof SwapRequest>;

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

export const TransactionsRequest = z.object({
  page: z.number().int().min(1),
  recordsPerPage: z.number().int().min(1),
  filter: z.string().optional(),
  orderBy: z.string().optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  symbols: z.array(z.string()).optional(),
  withdrawTypes: z.array(z.number()).optional(),
  hideLowAmounts: z.boolean().optional(),
});
export type TransactionsRequest = z.infer<typeof TransactionsRequest>;

export const FiatPrices = z.object({
  usd: z.number(),
  eur: z.number(),
  gbp: z.number(),
  try: z.number(),
  jpy: z.number(),
});

export const TransactionItem = z.object({
  symbolId: z.number(),
  symbol: z.string(),
  symbolName: z.string(),
  displayName: z.string(),
  address: z.string(),
  txId: z.string().nullish(),
  amount: z.number(),
  status: z.string(),
  type: z.string(),
  date: z.string(),
  value: z.number(),
  referenceId: z.string(),
  label: z.string(),
  merchantTransactionId: z.string(),
  to: z.string().nullish(),
  withdrawType: z.number(),
  prices: FiatPrices,
  isAutoCollected: z.boolean(),
  /**
   * Not in spec 2.2's table ("further item fields ... are not shown"): read when the service sends it, in
   * the record's own asset, so an export can show the fee where the service gives one and leave it empty
   * otherwise.
   */
  fee: z.number().nonnegative().nullish(),
});
export type TransactionItem = z.infer<typeof TransactionItem>;

export const TransactionsResult = z.object({
  totalRecords: z.number(),
  totalPages: z.number(),
  page: z.number(),
  recordsPerPage: z.number(),
  items: z.array(TransactionItem),
});
export type TransactionsResult = z.infer<typeof TransactionsResult>;

/** A transactions answer without its items: what is left once they have been streamed. */
export const TransactionsHead = TransactionsResult.omit({ items: true });
export type TransactionsHead = z.infer<typeof TransactionsHead>;
