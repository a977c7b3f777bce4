import type { SessionAccount } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import { roleWords } from '../../i18n/service-words';
import { t } from '../../i18n/main-text';

/** Spec 5.1: only these roles may send, swap and withdraw; every other role gets a 403 from the service. */
const MONEY_MOVING_ROLES: ReadonlySet<string> = new Set(['MerchantAdministrator', 'Agent']);

export function canMoveMoney(role: string): boolean {
  return MONEY_MOVING_ROLES.has(role);
}

/** What the wallet refuses a role that may not move money; each has its own sentence in the catalogues. */
export type WalletOperation = 'send' | 'swap' | 'createDepositAddresses';

/**
 * What the merchant features refuse such a role: its sentence says the role sees merchant balances only,
 * as the merchant API's keys are there for the roles that may move money (security.md 30).
 */
export type MerchantOperation =
  | 'merchantApiAddresses'
  | 'withdrawalAddresses'
  | 'merchantAssetNames'
  | 'merchantKeys'
  | 'requestSigning'
  | 'verifyWithdrawalAddresses'
  | 'merchantDepositAddresses'
  | 'withdraw'
  | 'closeWithdrawals';

export type RefusedOperation = WalletOperation | MerchantOperation;

type NamedAccount = Pick<SessionAccount, 'role' | 'name'>;

/**
 * The words for a role that may not do `operation`, the same whether the app refuses first or the service
 * answers 403 "Insufficient permissions" (spec 7.1); without an account (signed out meanwhile) the sentence
 * names no account.
 */
export function roleRefusalWords(account: NamedAccount | undefined, operation: RefusedOperation): string {
  return account
    ? t('mainMoney.roleRefusal', { operation, role: roleWords(account.role), account: account.name })
    : t('mainMoney.roleRefusalNoAccount', { operation });
}

/** The account itself when its role may move money; otherwise a forbidden error in words. */
export function requireMoneyMovingAccount<Account extends SessionAccount>(
  account: Account,
  operation: RefusedOperation,
): Account {
  if (!account.canMoveMoney) throw new AppError('forbidden', roleRefusalWords(account, operation));
  return account;
}

/**
 * roleRefusalWords for the account active now, read when a 403 comes back (the session may have ended
 * since the request left, in which case the sentence names no account).
 */
export function activeRoleRefusalWords(
  session: { activeAccount(): NamedAccount },
  operation: RefusedOperation,
): string {
  let account: NamedAccount | undefined;
  try {
    account = session.activeAccount();
  } catch {
    account = undefined;
  }
  return roleRefusalWords(account, operation);
}
