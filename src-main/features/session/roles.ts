import type { SessionAccount } from '../../../src-preload/contract/session';
import type { AccountInfo } from '../../service/interface-a-schemas';

/** Spec 5.1: only these roles may send and swap; every other role gets a 403 from the service. */
const MONEY_MOVING_ROLES: ReadonlySet<string> = new Set(['MerchantAdministrator', 'Agent']);

export function canMoveMoney(role: string): boolean {
  return MONEY_MOVING_ROLES.has(role);
}

export function toSessionAccount(account: AccountInfo): SessionAccount {
  return {
    guid: account.guid,
    name: account.name,
    role: account.role,
    isPersonalAccount: account.isPersonalAccount,
    canMoveMoney: canMoveMoney(account.role),
  };
}
