import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { findAssetNetwork, networks } from '../../../src-preload/contract/assets';
import type {
  ClosedSwap,
  SwapExecuteInput,
  SwapLookupResult,
  SwapOutcome,
  SwapQuote,
  SwapReview,
  SwapStatus,
  SwapSymbolsView,
} from '../../../src-preload/contract/swap';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SwapRequest } from '../../service/interface-a-schemas';
import type { Intent } from '../money/at-most-once';
import type { HistoryPage, SettleCandidate } from '../money/settle-source';
import type { IntentJournal } from '../money/intent-journal';
import { createIntentMachine, type IntentAudience, type RefusedTrace } from '../money/intent-machine';
import { intentReader, requireOwn } from '../money/intent-owner';
import { confirmedAtText } from '../money/intent-words';
import { closedWithReviews, closureOf, type ClosedMoveAlarm } from '../money/closed-moves';
import { classifyMoneyError, explainRefusal } from '../money/money-errors';
import { clientForAccount, userAccounts, type MoneySession } from '../money/money-session';
import { activeRoleRefusalWords } from '../money/roles';
import { rowVerdict, verdictNote } from '../money/row-status';
import { inAccount, stillOut, unsettledWithReviews, userAudience, type UserAccounts } from '../money/unsettled-list';
import { decimalText as text, fromServiceNumber, toServiceNumber } from '../../service/wire-amount';
import { createConfirmBook, type ConfirmBookWords } from '../money/confirm-book';
import { createClaimedRows } from './claimed-rows';
import {
  CLOCK_SKEW_MS,
  findSwapInHistory,
  matchSwapInRows,
  rowKey,
  swapLookalikes,
  swapSourceCode,
  type RowOwners,
  type SoughtSwap,
  type SwapLookup,
  type SwapWindow,
} from './find-swap';
import type { SwapBody } from './swap-body';
import { t } from '../../i18n/main-text';

export interface SwapServiceDeps {
  readonly session: MoneySession;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How long a quote may be executed (quotes expire after a short time). */
  readonly quoteTtlMs?: number;
  /** Where swaps with an unknown outcome outlive the app; without it they live for this run only. */
  readonly journal?: IntentJournal<SwapBody, SwapReview>;
  /** Whose history rows are not swaps: the app's own sends, which a lost swap's look-up must never take for its own. */
  readonly rowOwners?: RowOwners;
  /** Raised at once when a look-up finds a swap a person had closed (security.md 36). */
  readonly onClosedFound?: ClosedMoveAlarm;
}

interface StoredQuote {
  readonly view: SwapQuote;
  readonly accountGuid: string;
  readonly request: SwapRequest;
  readonly expiresAtMs: number;
}

const QUOTE_EXPIRED = 'The quote has expired. A new quote is needed before swapping.';

const quoteWords: ConfirmBookWords = {
  missing: QUOTE_EXPIRED,
  otherAccount: 'This swap was prepared for another account. Start again from the form.',
  expired: QUOTE_EXPIRED,
  changed: 'The swap changed after confirming. Get a new quote.',
};

/** A swap's confirmation has no choices of its own: every second click joins the first. */
const SAME_CHOICES = '';

export interface SwapConfirmInput {
  readonly quoteId: string;
  /** Swaps with an unknown outcome the user was shown and chose to go past (security.md 27). */
  readonly acknowledgedIntentIds?: readonly string[] | undefined;
}

/** A swap in words: what, which pair and networks, under which reference, and when. */
export function describeSwap(intent: Intent<SwapBody, SwapOutcome>): string {
  const { request, cryptoAmount, toAmount, confirmedAtMs } = intent.body;
  return `${cryptoAmount} ${request.fromSymbol} (${request.fromNetwork}) to ${toAmount} ${request.toSymbol} (${request.toNetwork}) (reference ${intent.referenceId}, started ${confirmedAtText(confirmedAtMs)}${stillOut(intent)})`;
}

/** The user's unsettled swaps in any of their accounts, named with the account when not the active one. */
function swapAudience(user: UserAccounts): IntentAudience<SwapBody, SwapOutcome> {
  return userAudience(user, (intent) => inAccount(user, intent.body.accountGuid, describeSwap(intent)));
}

export const DEFAULT_QUOTE_TTL_MS = 30_000;

/** Spec 2.2 SwapBalance field → asset symbol. */
/** A refused swap whose look-up found rows it cannot tell apart from its own: it is not sent again. */
const ambiguousTrace: BridgeError = {
  code: 'outcome_unknown',
  message:
    'The service refused this swap earlier, but the history now holds a row that may be this swap, so it may have gone through. Nothing was sent again; compare your balances before starting a new swap.',
};

const BALANCE_FIELDS = {
  btcBalance: 'BTC',
  ethBalance: 'ETH',
  usdtBalance: 'USDT',
  trxBalance: 'TRX',
  bnbBalance: 'BNB',
  ltcBalance: 'LTC',
  solBalance: 'SOL',
  avaxBalance: 'AVAX',
} as const;

/**
 * Swap (spec 4.1 #9-#11). The quote (precheck) is kept in main with a short expiry; the confirmed quote
 * is frozen in the IntentLedger and executed at most once. POST /swap carries no reference id, so an
 * unknown outcome is reconciled by finding the swap's withdrawal in the history (find-swap.ts).
 */
export function createSwapService(deps: SwapServiceDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.quoteTtlMs ?? DEFAULT_QUOTE_TTL_MS;
  const quotes = createConfirmBook<StoredQuote, SwapReview>({ session: deps.session, now, words: quoteWords });
  const reviews = new Map<string, SwapReview>();
  /** Which history rows settled swaps own; saved with the journal (claimed-rows.ts). */
  const claimed = createClaimedRows(deps.journal);
  /** Closed swaps already announced as possibly gone through in this run (mayHaveGoneThrough). */
  const alarmedAmbiguous = new Set<string>();
  const machine = createIntentMachine<SwapBody, SwapOutcome, SwapReview>({
    journal: claimed.journal,
    reviews,
    confirmedAtMs: (body) => body.confirmedAtMs,
    onFoundAfterClose: (intent) => {
      deps.logger.warn('a swap closed as not gone through was found', { referenceId: intent.referenceId });
      if (intent.closure === null) return;
      const { request, cryptoAmount, toAmount } = intent.body;
      void deps.onClosedFound?.({
        kind: 'swap',
        referenceId: intent.referenceId,
        amount: cryptoAmount,
        asset: request.fromSymbol,
        destination: `${toAmount} ${request.toSymbol}`,
        closure: intent.closure,
      });
    },
  });
  /** When each intent was last sent. */
  const sentAt = new Map<string, number>();
  const role = () => activeRoleRefusalWords(deps.session, 'cannot swap');
  const owners: RowOwners = deps.rowOwners ?? { isOwnSend: () => false };

  function statusOf(intent: Intent<SwapBody, SwapOutcome>): SwapStatus {
    // Only a definite refusal allows a retry of the same swap, and only while its quote is still valid.
    return machine.status(intent, now() <= intent.body.expiresAtMs);
  }

  /**
   * No two-factor code is spent on a swap that must fail: the wallet of the chosen
   * source network must hold the quoted amount. Read now, since the quote's moment has passed.
   */
  async function requireFunds(client: InterfaceAClient, quote: SwapQuote): Promise<void> {
    const code = swapSourceCode(quote);
    const { wallets } = await client.getWallets();
    const wallet = wallets.find((candidate) => candidate.symbol.toUpperCase() === code.toUpperCase());
    if (!wallet) return;
    const held = fromServiceNumber(wallet.amount);
    if (held.lessThan(quote.cryptoAmount)) {
      throw new AppError(
        'insufficient_balance',
        `Insufficient balance: this swap takes ${quote.cryptoAmount} ${quote.fromSymbol} from your ${quote.fromSymbol} wallet on ${quote.fromNetwork}, which holds ${text(held)}. Nothing was swapped and no code was used.`,
        { field: 'amount' },
      );
    }
  }

  async function createIntent(stored: StoredQuote, input: SwapConfirmInput): Promise<SwapReview> {
    quotes.requireLive(stored);
    // security.md 27: an earlier swap may already have gone through, or still be on its way (a lock or a
    // reload hides it from the window); a new one only with the user's word.
    const user = userAccounts(deps.session);
    const audience = swapAudience(user);
    machine.requireAcknowledged(audience, input.acknowledgedIntentIds);
    const client = deps.session.interfaceA();
    await requireFunds(client, stored.view);
    // The equal rows already in the history are not this swap, whatever a later look-up finds.
    const prior = await swapLookalikes(client, stored.request, new Decimal(stored.view.cryptoAmount));
    requireSameAccount(stored.accountGuid);
    quotes.requireLive(stored);
    // The machine checks again after the waits: a swap may have been lost meanwhile.
    const intent = machine.confirm(
      {
        accountGuid: stored.accountGuid,
        userGuid: user.userGuid,
        request: stored.request,
        cryptoAmount: stored.view.cryptoAmount,
        toAmount: stored.view.toAmount,
        expiresAtMs: stored.expiresAtMs,
        confirmedAtMs: now(),
        priorRows: prior.map(rowKey).slice(0, 100),
      },
      { audience, acknowledged: input.acknowledgedIntentIds },
    );
    const review: SwapReview = { ...stored.view, intentId: intent.id, referenceId: intent.referenceId };
    reviews.set(intent.id, review);
    deps.logger.info('swap confirmed', {
      referenceId: intent.referenceId,
      from: stored.request.fromSymbol,
      to: stored.request.toSymbol,
    });
    return review;
  }

  const requireSameAccount = quotes.requireSameAccount;

  /** When a swap left and what it saw before; a restored one was sent after it was confirmed. */
  /**
   * A swap the signed-in user confirmed, read, sent or cancelled only while unlocked (security.md 40);
   * another user's is as unknown to them as a forgotten one.
   */
  function ownSwap(intentId: string): Intent<SwapBody, SwapOutcome> {
    const reader = intentReader(deps.session);
    return requireOwn(reader, machine.get(intentId));
  }

  function windowOf(intent: Intent<SwapBody, SwapOutcome>): SwapWindow {
    const { body } = intent;
    return {
      sentAtMs: sentAt.get(intent.id) ?? body.confirmedAtMs ?? body.expiresAtMs - ttl,
      priorRows: body.priorRows ? new Set(body.priorRows) : null,
    };
  }

  /** What a look-up for this swap goes by: its window, and the swaps that could have left the same row. */
  function sought(intent: Intent<SwapBody, SwapOutcome>): SoughtSwap {
    const { body } = intent;
    const cryptoAmount = new Decimal(body.cryptoAmount);
    const source = swapSourceCode(body.request).toUpperCase();
    // Other swaps still unsettled, or closed, that could have left the same row: a row one of them may own
    // proves none, whoever confirmed them. A closed swap may still go through (security.md 36).
    const sameAccount = {
      includes: (other: Intent<SwapBody, SwapOutcome>) => other.body.accountGuid === body.accountGuid,
      describe: describeSwap,
    };
    const rivals = [...machine.unsettled(sameAccount), ...machine.closed(sameAccount)]
      .filter(
        (other) =>
          other.id !== intent.id &&
          other.body.accountGuid === body.accountGuid &&
          swapSourceCode(other.body.request).toUpperCase() === source &&
          cryptoAmount.equals(other.body.cryptoAmount),
      )
      .map(windowOf);
    return { ...windowOf(intent), request: body.request, cryptoAmount, claimed, rivals, owners };
  }

  /**
   * Settles a swap by what a look-up found. Only rows that say the swap completed settle it, and they are
   * claimed only then: a swap left unknown must find its rows again, and other unsettled swaps already
   * count it as a rival. `keepWords`: a look-up the user asked for leaves its words on a swap it did not
   * settle; a settle round's does not replace the words the user last saw.
   */
  async function settleBy(
    intent: Intent<SwapBody, SwapOutcome>,
    lookup: SwapLookup,
    keepWords: boolean,
  ): Promise<{ result: SwapLookupResult; settled: Intent<SwapBody, SwapOutcome> }> {
    let found: SwapOutcome | null = null;
    let note: BridgeError | null = null;
    let result: SwapLookupResult = lookup.kind;
    if (lookup.kind === 'found') {
      const { item } = lookup;
      const verdict = rowVerdict(lookup.legs.map((leg) => leg.status));
      if (verdict === 'completed') {
        claimed.add(rowKey(item));
        found = {
          swapReferenceId: item.referenceId,
          address: item.to ?? '',
          sendResult: item.txId ? { txId: item.txId, explorerUrl: null } : null,
        };
      } else {
        note = verdictNote(verdict, 'swap');
        result = verdict;
      }
    }
    // Awaited: the alarm is on disk before the look-up answers.
    if (intent.state === 'closed' && lookup.kind === 'ambiguous') await mayHaveGoneThrough(intent);
    if (found === null && !keepWords) return { result, settled: intent };
    const settled = await machine.reconcile(intent.id, found, note);
    deps.logger.info('swap reconciled', { referenceId: intent.referenceId, lookup: result });
    return { result, settled };
  }

  /**
   * A closed swap with a fresh row it could own, beside another swap that could own it too: neither settles,
   * so the closed one may have paid twice with its replacement. Raised once per run, not on every round.
   */
  async function mayHaveGoneThrough(intent: Intent<SwapBody, SwapOutcome>): Promise<void> {
    if (intent.closure === null || alarmedAmbiguous.has(intent.id)) return;
    alarmedAmbiguous.add(intent.id);
    deps.logger.warn('a swap closed as not gone through may have gone through', { referenceId: intent.referenceId });
    await deps.onClosedFound?.({
      kind: 'swap',
      referenceId: intent.referenceId,
      amount: intent.body.cryptoAmount,
      asset: intent.body.request.fromSymbol,
      destination: `${intent.body.toAmount} ${intent.body.request.toSymbol}`,
      closure: intent.closure,
    });
  }

  /** Before a refused swap goes again: any row that could be its own is a trace (security.md 39). */
  async function traceOf(intent: Intent<SwapBody, SwapOutcome>): Promise<RefusedTrace<SwapOutcome>> {
    const client = clientForAccount(deps.session, intent.body.accountGuid);
    const lookup = await findSwapInHistory(client, sought(intent));
    deps.logger.info('refused swap looked up before sending again', {
      referenceId: intent.referenceId,
      lookup: lookup.kind,
    });
    switch (lookup.kind) {
      case 'not_found':
        return { kind: 'none' };
      case 'ambiguous':
        return { kind: 'seen', note: ambiguousTrace };
      case 'found': {
        const { item } = lookup;
        const verdict = rowVerdict(lookup.legs.map((leg) => leg.status));
        if (verdict !== 'completed') return { kind: 'seen', note: verdictNote(verdict, 'swap') };
        claimed.add(rowKey(item));
        return {
          kind: 'moved',
          outcome: {
            swapReferenceId: item.referenceId,
            address: item.to ?? '',
            sendResult: item.txId ? { txId: item.txId, explorerUrl: null } : null,
          },
        };
      }
    }
  }

  /**
   * POST /swap recomputes the amounts at the moment it runs (spec 4.1 #11 takes the precheck's body), so
   * just before sending, the quote is checked again: if the user would now send more or receive less than
   * the review showed, nothing is sent and a new quote is needed.
   */
  async function requireQuoteStillHolds(client: InterfaceAClient, body: SwapBody): Promise<void> {
    let fresh;
    try {
      fresh = await client.swapPrecheck(body.request);
    } catch (error) {
      throw error instanceof AppError ? explainRefusal(error, role) : error;
    }
    const sends = fromServiceNumber(fresh.cryptoAmount);
    const receives = fromServiceNumber(fresh.toAmount);
    if (sends.greaterThan(body.cryptoAmount) || receives.lessThan(body.toAmount)) {
      deps.logger.info('swap quote moved before execution', {
        from: body.request.fromSymbol,
        to: body.request.toSymbol,
      });
      throw new AppError('stale_precheck', t('mainSwap.priceMoved'));
    }
  }

  async function submit(
    intentId: string,
    tfaCode: string,
    acknowledgedIntentIds: readonly string[] | undefined,
  ): Promise<SwapOutcome> {
    deps.session.requireMoneyMovingRole('swap');
    const intent = ownSwap(intentId);
    requireSameAccount(intent.body.accountGuid);
    // A stored success is returned by the ledger whatever the time; only new attempts need a live quote.
    if (intent.state === 'confirmed' || intent.state === 'refused') quotes.requireLive(intent.body);
    const client = deps.session.interfaceA();
    if (intent.state === 'confirmed' || intent.state === 'refused') await requireQuoteStillHolds(client, intent.body);
    // After the last wait, the machine checks in the same turn as the swap leaves that every
    // other swap unsettled now was acknowledged for this one.
    const audience = swapAudience(userAccounts(deps.session));
    return machine.submit(
      intentId,
      { audience, acknowledged: acknowledgedIntentIds, lookUp: traceOf },
      async (body, referenceId) => {
        sentAt.set(intentId, now());
        deps.logger.info('swap submitted', { referenceId, from: body.request.fromSymbol, to: body.request.toSymbol });
        try {
          const result = await client.swap(body.request, tfaCode);
          const hasErrorCode =
            result.errorCode !== null &&
            result.errorCode !== undefined &&
            result.errorCode !== '' &&
            result.errorCode !== 0;
          if (hasErrorCode || result.statusCode < 200 || result.statusCode > 299) {
            // The meaning of errorCode is not specified (spec 4.1 #11): whether anything moved is unknown.
            throw new AppError(
              'outcome_unknown',
              `The service answered the swap with status ${result.statusCode}${hasErrorCode ? ` and error ${String(result.errorCode)}` : ''}. Check its status.`,
            );
          }
          // Its history row is this swap's: no look-up for another swap may take it (security.md 27).
          claimed.add(result.swapReferenceId);
          return {
            swapReferenceId: result.swapReferenceId,
            address: result.address,
            sendResult: result.sendResult
              ? { txId: result.sendResult.txId, explorerUrl: result.sendResult.explorerUrl }
              : null,
          };
        } catch (error) {
          const classified = classifyMoneyError(error, role);
          deps.logger.warn('swap not confirmed by the service', { referenceId, error: classified.code });
          throw classified;
        }
      },
    );
  }

  return {
    async symbols(): Promise<SwapSymbolsView> {
      const client = deps.session.interfaceA();
      const [result, wallets] = await Promise.all([client.getSwapSymbols(), client.getWallets()]);
      return {
        pairs: result.symbolList.map((pair) => ({ ...pair })),
        // A swap takes its amount from one network's wallet, not from the asset's sum over networks. A wallet
        // on a network the app does not know is the service's word for that asset there (its symbol).
        wallets: wallets.wallets.map((wallet) => {
          const entry = findAssetNetwork(wallet.symbol);
          return {
            asset: entry?.asset ?? wallet.symbol,
            network: entry ? networks[entry.network].name : wallet.network,
            code: entry?.code ?? wallet.symbol,
            amount: text(fromServiceNumber(wallet.amount)),
          };
        }),
        balances: (Object.keys(BALANCE_FIELDS) as (keyof typeof BALANCE_FIELDS)[]).map((field) => ({
          asset: BALANCE_FIELDS[field],
          amount: text(fromServiceNumber(result.balance[field])),
        })),
      };
    },

    async quote(input: {
      fromSymbol: string;
      fromNetwork: string;
      toSymbol: string;
      toNetwork: string;
      amount: string;
      isUsdInput: boolean;
    }): Promise<SwapQuote> {
      const account = deps.session.requireMoneyMovingRole('swap');
      if (input.fromSymbol.toUpperCase() === input.toSymbol.toUpperCase()) {
        throw new AppError('invalid_symbol', t('mainSwap.sameAssets'), { field: 'toSymbol' });
      }
      const amount = new Decimal(input.amount);
      const request: SwapRequest = {
        fromSymbol: input.fromSymbol,
        fromNetwork: input.fromNetwork,
        toSymbol: input.toSymbol,
        toNetwork: input.toNetwork,
        amount: toServiceNumber(amount),
        isUsdInput: input.isUsdInput,
      };
      let result;
      try {
        result = await deps.session.interfaceA().swapPrecheck(request);
      } catch (error) {
        throw error instanceof AppError ? explainRefusal(error, role) : error;
      }
      const cryptoAmount = fromServiceNumber(result.cryptoAmount);
      const toAmount = fromServiceNumber(result.toAmount);
      if (cryptoAmount.lessThanOrEqualTo(0) || toAmount.lessThanOrEqualTo(0)) {
        throw new AppError('bad_input', t('mainSwap.tooSmall'), { field: 'amount' });
      }
      const expiresAtMs = now() + ttl;
      const view: SwapQuote = {
        quoteId: randomUUID(),
        fromSymbol: request.fromSymbol,
        fromNetwork: request.fromNetwork,
        toSymbol: request.toSymbol,
        toNetwork: request.toNetwork,
        amount: text(amount),
        isUsdInput: request.isUsdInput,
        cryptoAmount: text(cryptoAmount),
        toAmount: text(toAmount),
        rate: text(toAmount.dividedBy(cryptoAmount).toSignificantDigits(10, Decimal.ROUND_DOWN)),
        expiresAt: new Date(expiresAtMs).toISOString(),
        validForSeconds: Math.round(ttl / 1000),
      };
      quotes.add(view.quoteId, { view, accountGuid: account.guid, request, expiresAtMs });
      return view;
    },

    /**
     * Fixes the reference id and freezes the quoted body (one intent per quote), after checking the source
     * wallet covers it. Refused while a swap of this account has an unknown outcome not acknowledged.
     */
    async confirm(input: SwapConfirmInput): Promise<SwapReview> {
      deps.session.requireMoneyMovingRole('swap');
      return quotes.confirm(input.quoteId, SAME_CHOICES, (stored) => createIntent(stored, input));
    },

    execute(input: SwapExecuteInput): Promise<SwapOutcome> {
      return submit(input.intentId, input.tfaCode, input.acknowledgedIntentIds);
    },

    /**
     * Gives up a confirmed swap that was not sent, or that the service refused (its quote was refreshed, or
     * the user went back to the form): it can never be sent afterwards. One that may have moved money is
     * refused (outcome_unknown, in_flight) and stays as it is.
     */
    cancel(intentId: string): SwapStatus {
      requireSameAccount(ownSwap(intentId).body.accountGuid);
      const cancelled = machine.cancel(intentId);
      quotes.dropConfirmed((review) => review.intentId === intentId);
      if (cancelled.state === 'cancelled') deps.logger.info('swap cancelled', { referenceId: cancelled.referenceId });
      return statusOf(cancelled);
    },

    status(intentId: string): SwapStatus {
      return statusOf(ownSwap(intentId));
    },

    /**
     * Closes unknown swaps of the user's accounts as "did not go through", all or none, recorded with who,
     * when and the warning they confirmed (security.md 36). Answers the closed list.
     */
    async close(input: { intentIds: readonly string[]; warning: string }): Promise<ClosedSwap[]> {
      const user = userAccounts(deps.session);
      const closure = closureOf(deps.session.activeUser(), input.warning, now());
      const closed = await machine.close(input.intentIds, { audience: swapAudience(user), closure });
      deps.logger.info('swaps closed as not gone through', { count: closed.length });
      return this.closed();
    },

    /** Swaps of any of the user's accounts a person closed, oldest first, with their closing. */
    closed(): ClosedSwap[] {
      const user = userAccounts(deps.session);
      return closedWithReviews(machine, reviews, user, swapAudience(user), statusOf);
    },

    /**
     * "Check status": looks for the swap's one new row in the history, never sends. Found settles it;
     * nothing, several equal rows or only rows another swap claimed keep it unknown (security.md 27). A
     * closed swap is looked up too: found, it went through after all, and the alarm is raised (security.md 36).
     */
    async reconcile(intentId: string): Promise<{ lookup: SwapLookupResult; status: SwapStatus }> {
      const intent = ownSwap(intentId);
      if (intent.state !== 'unknown' && intent.state !== 'closed')
        return { lookup: 'settled', status: statusOf(intent) };
      // Its own account's history, whichever account is active (an unknown swap is listed in every one).
      const client = clientForAccount(deps.session, intent.body.accountGuid);
      const lookup = await findSwapInHistory(client, sought(intent));
      const { result, settled } = await settleBy(intent, lookup, true);
      return { lookup: result, status: statusOf(settled) };
    },

    /**
     * Unknown and closed swaps of the user's accounts, for a settle round: each needs every row since it was
     * sent, and a closed one found raises the alarm (security.md 36).
     */
    settleCandidates(): SettleCandidate[] {
      const audience = swapAudience(userAccounts(deps.session));
      return [...machine.unsettled(audience), ...machine.closed(audience)]
        .filter((intent) => intent.state === 'unknown' || intent.state === 'closed')
        .map((intent) => ({
          intentId: intent.id,
          accountGuid: intent.body.accountGuid,
          needsRowsSinceMs: windowOf(intent).sentAtMs - CLOCK_SKEW_MS,
        }));
    },

    /**
     * A settle round's look: the rules of reconcile over the account's page the round read. Only a
     * completed find settles; anything else leaves the swap and its words as they were.
     */
    async settleFrom(intentId: string, page: HistoryPage): Promise<boolean> {
      const intent = machine.get(intentId);
      const lookable = intent.state === 'unknown' || intent.state === 'closed';
      if (!lookable || intent.body.accountGuid !== page.accountGuid) return false;
      const { settled } = await settleBy(intent, matchSwapInRows(page.items, sought(intent)), false);
      return settled.state === 'succeeded';
    },

    review(intentId: string): SwapReview | undefined {
      return reviews.get(intentId);
    },

    /**
     * Swaps of any of the user's accounts whose outcome is unknown or that are still being sent, so a
     * reload, a lock or an account switch cannot hide them; accountName marks those of other accounts.
     */
    unresolved(): { review: SwapReview; status: SwapStatus; accountName: string | null }[] {
      const user = userAccounts(deps.session);
      return unsettledWithReviews(machine, reviews, user, swapAudience(user), statusOf);
    },
  };
}
export type SwapService = ReturnType<typeof createSwapService>;
