import { createFormConfirmations } from '../money/form-confirmations';
import type { MerchantSession } from '../merchant';
import type { SessionView } from '../../../src-preload/contract/session';

/**
 * What a withdrawal's confirmation leaves in this session. Locking, signing out or switching account empties
 * it: a confirmation belongs to the session that made it (security.md 30). Unknown outcomes stay in the
 * ledger and its journal; they are safety records, not session data.
 */
export function createWithdrawSession(session: Pick<MerchantSession, 'onChange' | 'view'>) {
  /**
   * One form, one withdrawal (security.md 38): the confirmation of each form (by user and form id), under
   * way or done. A repeated or racing confirmation of the same form joins it and gets the same intent; the
   * same form with other values is refused, since the user saw a review of the first. Withdrawals have no
   * precheck or quote to key them as send and swap do, so the form carries its own id, new for each form:
   * a second identical withdrawal is made on purpose by starting a new form.
   */
  const forms = createFormConfirmations<{ readonly intentId: string }>();
  /** Withdrawals confirmed in this session and not yet settled: only these may be sent. */
  const confirmed = new Set<string>();
  // Built on the first money operation, often after sign-in: the session it starts in is the current one,
  // so a later notice about that same session (the service's clock, the keychain) keeps its confirmations.
  let sessionAccount = accountOf(session.view());
  session.onChange((view) => {
    const account = accountOf(view);
    if (account === null || account !== sessionAccount) {
      confirmed.clear();
      forms.clear();
    }
    sessionAccount = account;
  });
  return { forms, confirmed };
}

function accountOf(view: SessionView): string | null {
  return view.status === 'signed-in' ? view.activeAccountGuid : null;
}

export type WithdrawSession = ReturnType<typeof createWithdrawSession>;
