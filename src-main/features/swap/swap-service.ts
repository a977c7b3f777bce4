import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type {
  SwapOutcome,
  SwapQuote,
  SwapReview,
  SwapStatus,
  SwapSymbolsView,
} from '../../../src-preload/contract/swap';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SwapRequest } from '../../service/interface-a-schemas';
import type { Intent } from '../money/at-most-once';
import { journaledLedger, type IntentJournal } from '../money/intent-journal';
import { intentStatusView, unresolvedIntents } from '../money/intent-views';
import { classifyMoneyError, explainRefusal } from '../send/money-errors';
import { roleMessage, type MoneySession } from '../send/send-service';
import { fromServiceNumber, text, toServiceNumber } from '../send/service-amounts';
import { findSwapInHistory } from './find-swap';
import type { SwapBody } from './swap-body';

export interface SwapServiceDeps {
  readonly session: MoneySession;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How long a quote may be executed (issue 6: quotes expire after a short time). */
  readonly quoteTtlMs?: number;
  /** Where swaps with an unknown outcome outlive the app; without it they live for this run only. */
  readonly journal?: IntentJournal<SwapBody, SwapReview>;
}

interface StoredQuote {
  readonly view: SwapQuote;
  readonly accountGuid: string;
  readonly request: SwapRequest;
  readonly expiresAtMs: number;
  review: SwapReview | null;
}

export const DEFAULT_QUOTE_TTL_MS = 30_000;

/** Spec 2.2 SwapBalance field → asset symbol. */
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
  const quotes = new Map<string, StoredQuote>();
  const reviews = new Map<string, SwapReview>();
  const ledger = journaledLedger<SwapBody, SwapOutcome, SwapReview>(deps.journal, reviews);
  /** When each intent was last sent, and which history rows earlier reconciliations claimed. */
  const sentAt = new Map<string, number>();
  const claimed = new Set<string>();
  const role = () => roleMessage(deps.session, 'swap');

  deps.session.onChange((view) => {
    for (const [id, stored] of quotes) {
      if (view.status !== 'signed-in' || stored.accountGuid !== view.activeAccountGuid) quotes.delete(id);
    }
  });

  function statusOf(intent: Intent<SwapBody, SwapOutcome>): SwapStatus {
    // A refused swap can be retried only while its quote is still valid.
    return intentStatusView(intent, intent.state === 'refused' && now() <= intent.body.expiresAtMs);
  }

  function requireSameAccount(accountGuid: string): void {
    if (deps.session.activeAccount().guid !== accountGuid) {
      throw new AppError('stale_precheck', 'This swap was prepared for another account. Start again from the form.');
    }
  }

  function expired(): AppError {
    return new AppError('stale_precheck', 'The quote has expired. A new quote is needed before swapping.');
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
      throw new AppError(
        'stale_precheck',
        'The price moved since the quote. Nothing was swapped; check the new quote.',
      );
    }
  }

  async function submit(intentId: string, tfaCode: string): Promise<SwapOutcome> {
    deps.session.requireMoneyMovingRole('swap');
    const intent = ledger.get(intentId);
    requireSameAccount(intent.body.accountGuid);
    // A stored success is returned by the ledger whatever the time; only new attempts need a live quote.
    if ((intent.state === 'confirmed' || intent.state === 'refused') && now() > intent.body.expiresAtMs)
      throw expired();
    const client = deps.session.interfaceA();
    if (intent.state === 'confirmed' || intent.state === 'refused') await requireQuoteStillHolds(client, intent.body);
    return ledger.submit(intentId, async (body, referenceId) => {
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
    });
  }

  return {
    async symbols(): Promise<SwapSymbolsView> {
      const result = await deps.session.interfaceA().getSwapSymbols();
      return {
        pairs: result.symbolList.map((pair) => ({ ...pair })),
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
        throw new AppError('invalid_symbol', 'Choose two different assets.', { field: 'toSymbol' });
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
        throw new AppError('bad_input', 'This amount is too small to swap.', { field: 'amount' });
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
      quotes.set(view.quoteId, { view, accountGuid: account.guid, request, expiresAtMs, review: null });
      return view;
    },

    confirm(quoteId: string): SwapReview {
      deps.session.requireMoneyMovingRole('swap');
      const stored = quotes.get(quoteId);
      if (!stored) throw expired();
      requireSameAccount(stored.accountGuid);
      if (stored.review) return stored.review;
      if (now() > stored.expiresAtMs) {
        quotes.delete(quoteId);
        throw expired();
      }
      const intent = ledger.confirm({
        accountGuid: stored.accountGuid,
        request: stored.request,
        cryptoAmount: stored.view.cryptoAmount,
        toAmount: stored.view.toAmount,
        expiresAtMs: stored.expiresAtMs,
      });
      const review: SwapReview = { ...stored.view, intentId: intent.id, referenceId: intent.referenceId };
      stored.review = review;
      reviews.set(intent.id, review);
      deps.logger.info('swap confirmed', {
        referenceId: intent.referenceId,
        from: stored.request.fromSymbol,
        to: stored.request.toSymbol,
      });
      return review;
    },

    execute(input: { intentId: string; tfaCode: string }): Promise<SwapOutcome> {
      return submit(input.intentId, input.tfaCode);
    },

    async retry(input: { intentId: string; tfaCode: string }): Promise<SwapOutcome> {
      if (ledger.get(input.intentId).state === 'confirmed')
        throw new AppError('bad_input', 'This swap has not been tried yet; swap instead of retrying.');
      return submit(input.intentId, input.tfaCode);
    },

    status(intentId: string): SwapStatus {
      return statusOf(ledger.get(intentId));
    },

    async reconcile(intentId: string): Promise<{ lookup: 'found' | 'not_found' | 'settled'; status: SwapStatus }> {
      const intent = ledger.get(intentId);
      if (intent.state !== 'unknown') return { lookup: 'settled', status: statusOf(intent) };
      requireSameAccount(intent.body.accountGuid);
      const item = await findSwapInHistory(deps.session.interfaceA(), {
        request: intent.body.request,
        cryptoAmount: new Decimal(intent.body.cryptoAmount),
        // A swap restored from the last run was sent after its quote was made, which the body still tells.
        sentAtMs: sentAt.get(intentId) ?? intent.body.expiresAtMs - ttl,
        claimed,
      });
      let found: SwapOutcome | null = null;
      if (item) {
        claimed.add(item.referenceId);
        found = {
          swapReferenceId: item.referenceId,
          address: item.to ?? '',
          sendResult: item.txId ? { txId: item.txId, explorerUrl: null } : null,
        };
      }
      const settled = await ledger.reconcile(intentId, found);
      deps.logger.info('swap reconciled', { referenceId: intent.referenceId, found: found !== null });
      return { lookup: found ? 'found' : 'not_found', status: statusOf(settled) };
    },

    review(intentId: string): SwapReview | undefined {
      return reviews.get(intentId);
    },

    /** Swaps of the active account whose outcome is still unknown, so a reload or a lock cannot hide them. */
    unresolved(): { review: SwapReview; status: SwapStatus }[] {
      return unresolvedIntents(ledger, reviews, deps.session.activeAccount().guid, statusOf);
    },
  };
}
export type SwapService = ReturnType<typeof createSwapService>;
