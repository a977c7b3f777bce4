import { z } from 'zod';
import { withoutUnsafeCharacters } from '../../src-preload/contract/text';

/**
 * Interface A resources (spec 2.2). Objects are not strict: the service may add fields, and zod drops
 * the ones not named here, so nothing unexpected travels further into the app. The client (interface-a.ts)
 * imports this module at its first call, so the core's import builds none of them.
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

export const SwapRequest = z.object({
  fromSymbol: z.string().min(1),
  fromNetwork: z.string().min(1),
  toSymbol: z.string().min(1),
  toNetwork: z.string().min(1),
  amount: z.number().positive(),
  isUsdInput: z.boolean(),
});
export type SwapRequest = z.infer<typeof SwapRequest>;

/*
 * The money calls' resources (spec 4.1 #7 to #11) and the transactions' (#12) are in modules of their own,
 * which the client imports at its first such call: a launch reads the session and the wallets first, and
 * building those schemas (some 160 zod schemas) was a good part of the core's start. History and Home's
 * pictures load the transactions' schemas at their first page, after the balances are painted; money calls
 * load theirs at the first precheck. Their types are here too.
 */
export type {
  FeeData,
  FeeRate,
  SendPrecheckRequest,
  SendPrecheckResult,
  SendRequest,
  SendResult,
  SwapBalance,
  SwapPrecheckResult,
  SwapResult,
  SwapSymbolInfo,
  SwapSymbols,
} from './interface-a-money-schemas';
export type {
  TransactionItem,
  TransactionsHead,
  TransactionsRequest,
  TransactionsResult,
} from './interface-a-transaction-schemas';
