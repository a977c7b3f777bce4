import type { InterfaceAClient } from '../../service/interface-a';
import type { SessionService } from '../session';
import type { UserAccounts } from './unsettled-list';

/** What a money move (send, swap) asks of the session. */
export type MoneySession = Pick<
  SessionService,
  'interfaceA' | 'interfaceAFor' | 'activeAccount' | 'activeUser' | 'requireMoneyMovingRole' | 'onChange' | 'view'
>;

/** The signed-in user's accounts and the active one, for warnings and lists that span accounts (security.md 27). */
export function userAccounts(session: Pick<SessionService, 'view' | 'activeAccount' | 'activeUser'>): UserAccounts {
  return {
    userGuid: session.activeUser().userGuid,
    accounts: session.view().accounts,
    activeAccountGuid: session.activeAccount().guid,
  };
}

/** A client for the account an intent belongs to, whichever is active (look-ups only, never a send). */
export function clientForAccount(
  session: Pick<SessionService, 'interfaceA' | 'interfaceAFor' | 'activeAccount'>,
  accountGuid: string,
): InterfaceAClient {
  return session.activeAccount().guid === accountGuid ? session.interfaceA() : session.interfaceAFor(accountGuid);
}
