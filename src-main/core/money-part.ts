import type { AppCoreDeps } from './app-core-deps';
import type { Handlers } from '../dispatch';
import type { MoneyAlarms } from '../features/alarms';
import { createAddressBook, createAddressBookHandlers } from '../features/address-book';
import { createMerchantFeature } from '../features/merchant';
import { createPayoutHandlers, createPayouts, openPayoutStore } from '../features/payouts';
import { createSendHandlers, createSendService } from '../features/send';
import type { SessionService } from '../features/session';
import { createSettleHandlers, createSettleRound } from '../features/settle';
import { createSwapHandlers, createSwapService } from '../features/swap';
import { createWithdrawFeature } from '../features/withdraw';
import type { MoneyJournal } from '../journal/money-journal';
import type { MoneyOperation } from './part-operations';

/**
 * Send, swap and withdraw keep their prechecks and at-most-once ledgers in main; the requests whose
 * outcome is unknown are also written to the money journal, so a crash or a quit cannot lose them.
 * A move closed as "did not go through" that a look-up finds after all is announced at once (security.md 36).
 * Built at the first money operation: the journal they restore from was opened and recovered at start
 * (app-core.ts), so nothing they would find is lost or delayed by building them later; the alarms they raise
 * are built at start too, as alarms are shown on every screen.
 */
async function createMoneyFeatures(
  deps: AppCoreDeps,
  session: SessionService,
  journal: MoneyJournal,
  alarms: MoneyAlarms,
) {
  const { settings } = deps;
  const merchant = createMerchantFeature({
    settings,
    secrets: deps.secrets,
    logger: deps.logger,
    session,
    ...(deps.localSandboxPort === undefined ? {} : { localSandboxPort: deps.localSandboxPort }),
    ...(deps.sessionOptions?.requestTimeoutMs === undefined
      ? {}
      : { requestTimeoutMs: deps.sessionOptions.requestTimeoutMs }),
  });
  const withdraw = createWithdrawFeature({
    treasury: merchant.treasury,
    session,
    journal: journal.section('withdraw'),
    logger: deps.logger,
    onClosedFound: alarms.raise,
  });
  const addressBook = createAddressBook({ settings, session, logger: deps.logger });
  const send = createSendService({
    session,
    logger: deps.logger,
    verifiedAddresses: merchant.verifiedAddresses,
    addressBook: () => addressBook.known(),
    journal: journal.section('send'),
    onClosedFound: alarms.raise,
  });
  const payouts = createPayouts({
    session,
    send,
    withdrawals: withdraw.payoutWithdrawals,
    store: await openPayoutStore(deps.payoutsDir ?? deps.userDataDir, deps.logger),
    logger: deps.logger,
  });
  const swap = createSwapService({
    session,
    logger: deps.logger,
    journal: journal.section('swap'),
    // A lost swap is never settled by one of the app's own sends' rows.
    rowOwners: { isOwnSend: (referenceId) => send.isOwnReference(referenceId) },
    onClosedFound: alarms.raise,
    ...(deps.quoteClock === undefined ? {} : { now: deps.quoteClock }),
    ...(deps.quoteLifetimeMs === undefined ? {} : { quoteTtlMs: deps.quoteLifetimeMs }),
  });

  // Unknown moves settle by themselves: the window asks for a round on the polling rule while any is unknown.
  const settleRound = createSettleRound({
    session,
    logger: deps.logger,
    sources: [
      { kind: 'send', candidates: () => send.settleCandidates(), settleFrom: (id, page) => send.settleFrom(id, page) },
      { kind: 'swap', candidates: () => swap.settleCandidates(), settleFrom: (id, page) => swap.settleFrom(id, page) },
      withdraw.withdrawals,
    ],
    publish: (settled) => deps.emit('money.settled', { settled: [...settled] }),
    ...(deps.backgroundSettle === undefined ? {} : { enabled: deps.backgroundSettle }),
  });
  return { merchant, withdraw, addressBook, send, payouts, swap, settleRound };
}

export type MoneyFeatures = Awaited<ReturnType<typeof createMoneyFeatures>>;

export interface MoneyPart {
  readonly features: MoneyFeatures;
  readonly handlers: Pick<Handlers, MoneyOperation>;
}

export async function createMoneyPart(
  deps: AppCoreDeps,
  session: SessionService,
  journal: MoneyJournal,
  alarms: MoneyAlarms,
): Promise<MoneyPart> {
  const features = await createMoneyFeatures(deps, session, journal, alarms);
  return {
    features,
    handlers: {
      ...createSendHandlers({ send: features.send }),
      ...createSwapHandlers({ swap: features.swap }),
      ...createSettleHandlers({ round: features.settleRound }),
      ...features.merchant.handlers,
      ...features.withdraw.handlers,
      ...createAddressBookHandlers({ addressBook: features.addressBook }),
      ...createPayoutHandlers({ payouts: features.payouts }),
    },
  };
}
