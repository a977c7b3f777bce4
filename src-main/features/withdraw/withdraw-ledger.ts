import type { Logger } from '../../logging/logger';
import type { WithdrawResult } from '../../service/interface-b-schemas';
import type { Intent } from '../money/at-most-once';
import type { ClosedMoveAlarm } from '../money/closed-moves';
import type { IntentJournal } from '../money/intent-journal';
import { createIntentMachine, type IntentMachine } from '../money/intent-machine';
import type { WithdrawBody } from './withdraw-body';

export type Withdrawal = Intent<WithdrawBody, WithdrawResult>;
export type WithdrawMachine = IntentMachine<WithdrawBody, WithdrawResult, null>;

/**
 * Withdrawals on the intent machine send and swap use (security.md 21-29). A withdrawal's view is derived
 * from its frozen body, so the machine keeps no separate review.
 */
export function createWithdrawLedger(deps: {
  readonly journal?: IntentJournal<WithdrawBody, null> | undefined;
  readonly logger: Logger;
  /** Raised at once when a look-up finds a withdrawal a person had closed (security.md 36). */
  readonly onClosedFound?: ClosedMoveAlarm | undefined;
}): WithdrawMachine {
  return createIntentMachine<WithdrawBody, WithdrawResult, null>({
    journal: deps.journal,
    reviews: { get: () => null, set: () => {} },
    confirmedAtMs: (body) => body.startedAtMs,
    onFoundAfterClose: (intent) => {
      deps.logger.warn('a withdrawal closed as not gone through was found', {
        merchantTransactionId: intent.referenceId,
      });
      if (intent.closure === null) return;
      void deps.onClosedFound?.({
        kind: 'withdraw',
        referenceId: intent.referenceId,
        amount: intent.body.amount,
        asset: intent.body.code,
        destination: intent.body.address,
        closure: intent.closure,
        merchantKey: { environment: intent.body.environment, publicKey: intent.body.publicKey },
      });
    },
  });
}
