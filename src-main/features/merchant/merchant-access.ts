import type { SessionAccount } from '../../../src-preload/contract/session';
import { type MerchantOperation, requireMoneyMovingAccount } from '../money/roles';
import type { SessionService } from '../session';

/** What the merchant treasury asks of the session: who is signed in, in which account, with which role. */
export type MerchantSession = Pick<
  SessionService,
  'activeUser' | 'activeAccount' | 'interfaceA' | 'interfaceAFor' | 'view' | 'onChange'
>;

export interface MerchantActor {
  readonly userGuid: string;
  readonly account: SessionAccount;
}

/**
 * Treasury access (security.md 30): every merchant operation needs an unlocked, signed-in session (the
 * session throws `locked` or `not_signed_in`), and the ones that move money, or could redirect it, need a
 * role that may move money in the active account; other roles see balances only.
 */
export function createMerchantAccess(session: MerchantSession) {
  return {
    /** The signed-in user and active account; throws when locked or signed out. */
    signedIn(): MerchantActor {
      const { userGuid } = session.activeUser();
      return { userGuid, account: session.activeAccount() };
    },

    /** As signedIn(), and refused (forbidden) for a role that may not move money. */
    moneyMover(operation: MerchantOperation): MerchantActor {
      const actor = this.signedIn();
      requireMoneyMovingAccount(actor.account, operation);
      return actor;
    },
  };
}

export type MerchantAccess = ReturnType<typeof createMerchantAccess>;
