import type { Handlers } from '../../dispatch';
import type { SectionJournal } from '../../journal/money-journal';
import type { Logger } from '../../logging/logger';
import type { ClosedMoveAlarm } from '../money/closed-moves';
import type { SettleSource } from '../money/settle-source';
import type { MerchantSession, MerchantTreasury } from '../merchant';
import { createPayoutWithdrawals, type PayoutWithdrawals } from './payout-withdrawals';
import { createMerchantWithdraw } from './withdraw-service';

export interface WithdrawDeps {
  /** The merchant's keys and the session checks every merchant operation makes (security.md 30). */
  readonly treasury: MerchantTreasury;
  readonly session: MerchantSession;
  /** Where withdrawals that may have moved money are written before they leave (security.md 35). */
  readonly journal: SectionJournal<'withdraw'>;
  readonly logger: Logger;
  /** Raised at once when a look-up finds a withdrawal a person had closed (security.md 36). */
  readonly onClosedFound?: ClosedMoveAlarm;
}

type WithdrawHandlers = Pick<Handlers, Extract<keyof Handlers, `withdraw.${string}`>>;

export interface WithdrawFeature {
  readonly handlers: WithdrawHandlers;
  /** Unknown withdrawals of the signed-in user, for the background settle round (features/settle). */
  readonly withdrawals: SettleSource;
  /** Payout rows that are withdrawals: checked against the verified addresses, each on the withdrawal's machine. */
  readonly payoutWithdrawals: PayoutWithdrawals;
}

/** Merchant withdrawals: the withdraw.* slice of the bridge, with the merchant's keys and its session checks. */
export function createWithdrawFeature(deps: WithdrawDeps): WithdrawFeature {
  const { treasury } = deps;
  const { signedIn, moneyMover } = treasury;
  const withdraw = createMerchantWithdraw({
    keys: treasury.keys,
    session: deps.session,
    logger: deps.logger,
    journal: deps.journal,
    onClosedFound: deps.onClosedFound,
  });

  const handlers: WithdrawHandlers = {
    'withdraw.confirm': async (input) => withdraw.confirm(await moneyMover('withdraw'), input),
    'withdraw.execute': async ({ intentId, tfaCode, acknowledgedIntentIds }) =>
      withdraw.submit(await moneyMover('withdraw'), intentId, tfaCode, acknowledgedIntentIds),
    'withdraw.status': async ({ intentId }) => withdraw.status(await signedIn(), intentId),
    // A look-up only: anyone signed in who may see the withdrawal can learn whether it went through.
    'withdraw.reconcile': async ({ intentId }) => withdraw.reconcile(await signedIn(), intentId),
    'withdraw.unresolved': async () => withdraw.unresolved(await signedIn()),
    // Closing decides that a withdrawal did not go through, which lets new ones start: a money mover's call.
    'withdraw.close': async ({ intentIds, warning }) =>
      withdraw.close(await moneyMover('closeWithdrawals'), deps.session.activeUser(), { intentIds, warning }),
    'withdraw.closed': async () => withdraw.closed(await signedIn()),
  };

  return {
    handlers,
    payoutWithdrawals: createPayoutWithdrawals({ ...treasury, withdraw }),
    withdrawals: {
      kind: 'withdraw',
      // The session throws when locked or signed out, as for every merchant operation.
      candidates: () => withdraw.settleCandidates(treasury.actorNow()),
      settleFrom: (intentId, page) => withdraw.settleFrom(treasury.actorNow(), intentId, page),
    },
  };
}
