import type { WithdrawResult } from '../../service/interface-b-schemas';
import { AppError } from '../../app-error';
import type { IntentAudience } from '../money/intent-machine';
import type { MerchantKeys } from '../merchant';
import type { WithdrawBody } from './withdraw-body';
import type { Withdrawal, WithdrawMachine } from './withdraw-ledger';
import { t } from '../../i18n/main-text';
import { amountWords } from '../money/amount-words';
import { stillOut } from '../money/unsettled-list';

export interface WithdrawAudience {
  /** The withdrawal by id, when this user may see it; not_found otherwise, as for one never made. */
  requireVisible(intentId: string, userGuid: string): Withdrawal;
  visibleTo(intent: Withdrawal, userGuid: string): boolean;
  /**
   * Whose unknown and in-flight withdrawals a user must be warned about: those they may see (either may have
   * moved money the user cannot see yet, security.md 27).
   */
  of(userGuid: string): IntentAudience<WithdrawBody, WithdrawResult>;
}

/**
 * Who may see a withdrawal: the user who confirmed it, any user holding keys of the same merchant (they
 * could otherwise pay it again), and everyone for one an earlier version left without an owner.
 */
export function createWithdrawAudience(
  machine: WithdrawMachine,
  keys: Pick<MerchantKeys, 'current'>,
): WithdrawAudience {
  function visibleTo(intent: Withdrawal, userGuid: string): boolean {
    const { body } = intent;
    if (body.userGuid === null || body.userGuid === userGuid) return true;
    return keys.current().keysByUser[userGuid]?.[body.environment]?.publicKey === body.publicKey;
  }

  return {
    visibleTo,
    requireVisible(intentId, userGuid) {
      const intent = machine.get(intentId);
      if (!visibleTo(intent, userGuid)) {
        throw new AppError('not_found', t('mainWithdraw.noLongerKnown'));
      }
      return intent;
    },
    of: (userGuid) => ({ includes: (intent) => visibleTo(intent, userGuid), describe }),
  };
}

/** A withdrawal in the words of a warning that names it. */
function describe(intent: Withdrawal): string {
  return t('mainMoney.describeWithdrawal', {
    amount: amountWords(intent.body.amount),
    code: intent.body.code,
    address: intent.body.address,
    reference: intent.referenceId,
    inFlight: stillOut(intent),
  });
}
