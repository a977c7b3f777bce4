import type { SessionAccount } from '../../../src-preload/contract/session';
import type { AccountInfo } from '../../service/interface-a-schemas';
import { canMoveMoney } from '../money/roles';

export function toSessionAccount(account: AccountInfo): SessionAccount {
  return {
    guid: account.guid,
    name: account.name,
    role: account.role,
    isPersonalAccount: account.isPersonalAccount,
    canMoveMoney: canMoveMoney(account.role),
  };
}
