import Decimal from 'decimal.js';
import { t } from '../../i18n/main-text';
import type { SwapLookupResult, SwapOutcome, SwapStatus } from '../../../src-preload/contract/swap';
import type { BridgeError } from '../../../src-preload/result';
import type { Intent } from '../money/at-most-once';
import type { RefusedTrace } from '../money/intent-machine';
import { clientForAccount, userAccounts } from '../money/money-session';
import { rowVerdict, verdictNote } from '../money/row-status';
import type { HistoryPage, SettleCandidate } from '../money/settle-source';
import {
  CLOCK_SKEW_MS,
  findSwapInHistory,
  matchSwapInRows,
  rowKey,
  swapSourceCode,
  type SoughtSwap,
  type SwapLookup,
  type SwapWindow,
} from './find-swap';
import type { SwapBody } from './swap-body';
import { describeSwap, ownSwap, swapAudience, swapStatusOf, type SwapContext } from './swap-context';

/** A refused swap whose look-up found rows it cannot tell apart from its own: it is not sent again. */
function ambiguousTrace(): BridgeError {
  return { code: 'outcome_unknown', message: t('mainSwap.tracedAmbiguous') };
}

/** When a swap left and what it saw before; a restored one was sent after it was confirmed. */
function windowOf(context: SwapContext, intent: Intent<SwapBody, SwapOutcome>): SwapWindow {
  const { body } = intent;
  return {
    sentAtMs: context.sentAt.get(intent.id) ?? body.confirmedAtMs ?? body.expiresAtMs - context.ttl,
    priorRows: body.priorRows ? new Set(body.priorRows) : null,
  };
}

/** What a look-up for this swap goes by: its window, and the swaps that could have left the same row. */
function sought(context: SwapContext, intent: Intent<SwapBody, SwapOutcome>): SoughtSwap {
  const { body } = intent;
  const cryptoAmount = new Decimal(body.cryptoAmount);
  const source = swapSourceCode(body.request).toUpperCase();
  // Other swaps still unsettled, or closed, that could have left the same row: a row one of them may own
  // proves none, whoever confirmed them. A closed swap may still go through (security.md 36).
  const sameAccount = {
    includes: (other: Intent<SwapBody, SwapOutcome>) => other.body.accountGuid === body.accountGuid,
    describe: describeSwap,
  };
  const rivals = [...context.machine.unsettled(sameAccount), ...context.machine.closed(sameAccount)]
    .filter(
      (other) =>
        other.id !== intent.id &&
        other.body.accountGuid === body.accountGuid &&
        swapSourceCode(other.body.request).toUpperCase() === source &&
        cryptoAmount.equals(other.body.cryptoAmount),
    )
    .map((other) => windowOf(context, other));
  const { claimed, owners } = context;
  return { ...windowOf(context, intent), request: body.request, cryptoAmount, claimed, rivals, owners };
}

/**
 * A closed swap with a fresh row it could own, beside another swap that could own it too: neither settles,
 * so the closed one may have paid twice with its replacement. Raised once per run, not on every round.
 */
async function mayHaveGoneThrough(context: SwapContext, intent: Intent<SwapBody, SwapOutcome>): Promise<void> {
  if (intent.closure === null || context.alarmedAmbiguous.has(intent.id)) return;
  context.alarmedAmbiguous.add(intent.id);
  context.deps.logger.warn('a swap closed as not gone through may have gone through', {
    referenceId: intent.referenceId,
  });
  await context.deps.onClosedFound?.({
    kind: 'swap',
    referenceId: intent.referenceId,
    amount: intent.body.cryptoAmount,
    asset: intent.body.request.fromSymbol,
    destination: `${intent.body.toAmount} ${intent.body.request.toSymbol}`,
    closure: intent.closure,
  });
}

/**
 * Settles a swap by what a look-up found. Only rows that say the swap completed settle it, and they are
 * claimed only then: a swap left unknown must find its rows again, and other unsettled swaps already
 * count it as a rival. `keepWords`: a look-up the user asked for leaves its words on a swap it did not
 * settle; a settle round's does not replace the words the user last saw.
 */
async function settleBy(
  context: SwapContext,
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
      context.claimed.add(rowKey(item));
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
  if (intent.state === 'closed' && lookup.kind === 'ambiguous') await mayHaveGoneThrough(context, intent);
  if (found === null && !keepWords) return { result, settled: intent };
  const settled = await context.machine.reconcile(intent.id, found, note);
  context.deps.logger.info('swap reconciled', { referenceId: intent.referenceId, lookup: result });
  return { result, settled };
}

/** Before a refused swap goes again: any row that could be its own is a trace (security.md 39). */
export async function traceSwap(
  context: SwapContext,
  intent: Intent<SwapBody, SwapOutcome>,
): Promise<RefusedTrace<SwapOutcome>> {
  const client = clientForAccount(context.deps.session, intent.body.accountGuid);
  const lookup = await findSwapInHistory(client, sought(context, intent));
  context.deps.logger.info('refused swap looked up before sending again', {
    referenceId: intent.referenceId,
    lookup: lookup.kind,
  });
  switch (lookup.kind) {
    case 'not_found':
      return { kind: 'none' };
    case 'ambiguous':
      return { kind: 'seen', note: ambiguousTrace() };
    case 'found': {
      const { item } = lookup;
      const verdict = rowVerdict(lookup.legs.map((leg) => leg.status));
      if (verdict !== 'completed') return { kind: 'seen', note: verdictNote(verdict, 'swap') };
      context.claimed.add(rowKey(item));
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
 * "Check status": looks for the swap's one new row in the history, never sends. Found settles it;
 * nothing, several equal rows or only rows another swap claimed keep it unknown (security.md 27). A
 * closed swap is looked up too: found, it went through after all, and the alarm is raised (security.md 36).
 */
export async function reconcileSwap(
  context: SwapContext,
  intentId: string,
): Promise<{ lookup: SwapLookupResult; status: SwapStatus }> {
  const intent = ownSwap(context, intentId);
  if (intent.state !== 'unknown' && intent.state !== 'closed')
    return { lookup: 'settled', status: swapStatusOf(context, intent) };
  // Its own account's history, whichever account is active (an unknown swap is listed in every one).
  const client = clientForAccount(context.deps.session, intent.body.accountGuid);
  const lookup = await findSwapInHistory(client, sought(context, intent));
  const { result, settled } = await settleBy(context, intent, lookup, true);
  return { lookup: result, status: swapStatusOf(context, settled) };
}

/**
 * Unknown and closed swaps of the user's accounts, for a settle round: each needs every row since it was
 * sent, and a closed one found raises the alarm (security.md 36).
 */
export function swapSettleCandidates(context: SwapContext): SettleCandidate[] {
  const audience = swapAudience(userAccounts(context.deps.session));
  return [...context.machine.unsettled(audience), ...context.machine.closed(audience)]
    .filter((intent) => intent.state === 'unknown' || intent.state === 'closed')
    .map((intent) => ({
      intentId: intent.id,
      accountGuid: intent.body.accountGuid,
      needsRowsSinceMs: windowOf(context, intent).sentAtMs - CLOCK_SKEW_MS,
    }));
}

/**
 * A settle round's look: the rules of reconcile over the account's page the round read. Only a
 * completed find settles; anything else leaves the swap and its words as they were.
 */
export async function settleSwapFrom(context: SwapContext, intentId: string, page: HistoryPage): Promise<boolean> {
  const intent = context.machine.get(intentId);
  const lookable = intent.state === 'unknown' || intent.state === 'closed';
  if (!lookable || intent.body.accountGuid !== page.accountGuid) return false;
  const { settled } = await settleBy(context, intent, matchSwapInRows(page.items, sought(context, intent)), false);
  return settled.state === 'succeeded';
}
