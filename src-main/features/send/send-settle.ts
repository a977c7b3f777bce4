import type { SendOutcome, SendReconcileResult } from '../../../src-preload/contract/send';
import type { TransactionItem } from '../../service/interface-a-schemas';
import type { Intent } from '../money/at-most-once';
import { findInHistory } from '../money/find-in-history';
import { clientForAccount, userAccounts } from '../money/money-session';
import { rowVerdict, verdictNote, type RowVerdict } from '../money/row-status';
import type { HistoryPage, SettleCandidate } from '../money/settle-source';
import type { SendBody } from './send-body';
import { isSendRow, ownSend, sendAudience, sendStatusOf, type SendContext } from './send-context';

/**
 * Settles a send by the row a look-up found: only a row that says it completed settles it. `keepWords`:
 * a look-up the user asked for leaves its words on a send it did not settle; a settle round's does not
 * replace the words the user last saw.
 */
async function settleBy(
  context: SendContext,
  intent: Intent<SendBody, SendOutcome>,
  item: TransactionItem | null,
  keepWords: boolean,
): Promise<{ verdict: RowVerdict | null; settled: Intent<SendBody, SendOutcome> }> {
  const verdict = item ? rowVerdict([item.status]) : null;
  const found: SendOutcome | null =
    item && verdict === 'completed'
      ? { referenceId: intent.referenceId, txId: item.txId ?? '', explorerUrl: null, status: item.status }
      : null;
  if (found === null && !keepWords) return { verdict, settled: intent };
  const note = verdict === 'pending' || verdict === 'failed' ? verdictNote(verdict, 'send') : null;
  const settled = await context.machine.reconcile(intent.id, found, note);
  context.deps.logger.info('send reconciled', { referenceId: intent.referenceId, lookup: verdict ?? 'not_found' });
  if (found) context.knownAddresses.forget(intent.body.accountGuid);
  return { verdict, settled };
}

/**
 * "Check status": looks the reference id up in the history, never sends. Found settles the send; not
 * found keeps it unknown, because the service may still complete it (security.md 27). A closed send is
 * looked up too: found, it went through after all, and the alarm is raised (security.md 36).
 */
export async function reconcileSend(context: SendContext, intentId: string): Promise<SendReconcileResult> {
  const intent = ownSend(context, intentId);
  if (intent.state !== 'unknown' && intent.state !== 'closed')
    return { lookup: 'settled', status: sendStatusOf(context, intent) };
  // Its own account's history, whichever account is active (an unknown send is listed in every one).
  const client = clientForAccount(context.deps.session, intent.body.accountGuid);
  const item = await findInHistory(client, intent.referenceId, (candidate) => isSendRow(intent, candidate));
  const { verdict, settled } = await settleBy(context, intent, item, true);
  const lookup = verdict === null ? 'not_found' : verdict === 'completed' ? 'found' : verdict;
  return { lookup, status: sendStatusOf(context, settled) };
}

/**
 * Unknown and closed sends of the user's accounts, for a settle round: each found by its reference id,
 * and a closed one found raises the alarm (security.md 36).
 */
export function sendSettleCandidates(context: SendContext): SettleCandidate[] {
  const audience = sendAudience(userAccounts(context.deps.session));
  return [...context.machine.unsettled(audience), ...context.machine.closed(audience)]
    .filter((intent) => intent.state === 'unknown' || intent.state === 'closed')
    .map((intent) => ({ intentId: intent.id, accountGuid: intent.body.accountGuid, needsRowsSinceMs: null }));
}

/** A settle round's look: reconcile's rule over the account's page the round read. */
export async function settleSendFrom(context: SendContext, intentId: string, page: HistoryPage): Promise<boolean> {
  const intent = context.machine.get(intentId);
  const lookable = intent.state === 'unknown' || intent.state === 'closed';
  if (!lookable || intent.body.accountGuid !== page.accountGuid) return false;
  const item = page.items.find((candidate) => isSendRow(intent, candidate)) ?? null;
  const { settled } = await settleBy(context, intent, item, false);
  return settled.state === 'succeeded';
}
