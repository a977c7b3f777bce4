import type { SessionAccount } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';

/** Spec 5.1: only these roles may send, swap and withdraw; every other role gets a 403 from the service. */
const MONEY_MOVING_ROLES: ReadonlySet<string> = new Set(['MerchantAdministrator', 'Agent']);

export function canMoveMoney(role: string): boolean {
  return MONEY_MOVING_ROLES.has(role);
}

type NamedAccount = Pick<SessionAccount, 'role' | 'name'>;

/**
 * The words for a role that may not do something, the same whether the app refuses first or the service
 * answers 403 "Insufficient permissions" (spec 7.1). `cannot` is the rest of the sentence after the role,
 * e.g. "cannot send"; without an account (signed out meanwhile) the sentence names no account.
 */
export function roleRefusalWords(account: NamedAccount | undefined, cannot: string): string {
  return account
    ? `Your role (${account.role}) in ${account.name} ${cannot}. Ask an administrator of the account.`
    : `Your role in this account ${cannot}. Ask an administrator of the account.`;
}

/** The account itself when its role may move money; otherwise a forbidden error in words. */
export function requireMoneyMovingAccount<Account extends SessionAccount>(account: Account, cannot: string): Account {
  if (!account.canMoveMoney) throw new AppError('forbidden', roleRefusalWords(account, cannot));
  return account;
}

/**
 * roleRefusalWords for the account active now, read when a 403 comes back (the session may have ended
 * since the request left, in which case the sentence names no account).
 */
export function activeRoleRefusalWords(session: { activeAccount(): NamedAccount }, cannot: string): string {
  let account: NamedAccount | undefined;
  try {
    account = session.activeAccount();
  } catch {
    account = undefined;
  }
  return roleRefusalWords(account, cannot);
}
