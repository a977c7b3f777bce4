import type { PayoutRow, PayoutRowView } from '../../../src-preload/contract/payouts';
import type { SendStatus } from '../../../src-preload/contract/send';
import type { WithdrawStatus } from '../../../src-preload/contract/withdraw';
import { AppError } from '../../app-error';
import { requireMayExecute, requireVisible } from './draft-access';
import { moverFor, reader, requireRow, stamp, viewOf, type PayoutContext } from './payout-context';
import type { RowRecord, StoredDraft } from './payout-store';
import type { RowMover } from './row-movers';
import { t } from '../../i18n/main-text';

/** TOTP's period (RFC 6238): one code per row, each from its own period. */
const CODE_PERIOD_MS = 30_000;

export interface ExecuteRowInput {
  draftId: string;
  reference: string;
  tfaCode: string;
  acknowledgedIntentIds?: readonly string[] | undefined;
}

/** Writes down what a send's answer was, so the row reads the same to the next person and after a restart. */
async function noteAnswer(
  ctx: PayoutContext,
  draft: StoredDraft,
  row: PayoutRow,
  intentId: string | null,
  by: string,
): Promise<void> {
  const live = intentId ? moverFor(ctx, draft.content).statusIfKnown(intentId) : null;
  const stamped = stamp(ctx, by);
  let next: RowRecord | null = null;
  if (live?.state === 'succeeded' && live.outcome) {
    next = {
      state: 'succeeded',
      intentId,
      txId: live.outcome.txId,
      explorerUrl: live.outcome.explorerUrl,
      ...stamped,
    };
  } else if (live?.state === 'refused' || live?.state === 'unknown' || live?.state === 'closed') {
    const state = live.state === 'refused' ? 'refused' : 'unknown';
    next = { state, intentId, message: live.error?.message ?? t('mainPayouts.noAnswer'), ...stamped };
  }
  if (next === null) return;
  try {
    await ctx.store.setRow(draft.id, row.reference, next);
  } catch (error) {
    // The send's own journal holds what matters; the row reads as interrupted until the next write.
    ctx.deps.logger.warn('payout row answer not written down', { reference: row.reference });
    void error;
  }
}

/** A row no send of this run knows: its reference is looked up first, as a refused send's is (security.md 39). */
async function traced(ctx: PayoutContext, draft: StoredDraft, row: PayoutRow, by: string): Promise<boolean> {
  let trace: Awaited<ReturnType<RowMover['traceReference']>>;
  try {
    trace = await moverFor(ctx, draft.content).traceReference(row.reference);
  } catch (cause) {
    throw new AppError('service_error', t('mainPayouts.historyUnread'), { cause });
  }
  switch (trace.kind) {
    case 'none':
      return false;
    case 'moved':
      await ctx.store.setRow(draft.id, row.reference, {
        state: 'succeeded',
        intentId: null,
        txId: trace.outcome.txId,
        explorerUrl: trace.outcome.explorerUrl,
        ...stamp(ctx, by),
      });
      return true;
    case 'seen':
      await ctx.store.setRow(draft.id, row.reference, {
        state: 'unknown',
        intentId: null,
        message: trace.note.message,
        ...stamp(ctx, by),
      });
      throw new AppError('outcome_unknown', trace.note.message);
  }
}

/** A row never sent: one intent under the row's reference, checked again, written down, then sent once. */
async function sendFresh(
  ctx: PayoutContext,
  draft: StoredDraft,
  row: PayoutRow,
  by: string,
  tfaCode: string,
  acknowledged: readonly string[] | undefined,
): Promise<void> {
  const mover = moverFor(ctx, draft.content);
  if (mover.knowsReference(row.reference)) {
    throw new AppError('stale_precheck', t('mainPayouts.referenceInUse', { reference: row.reference }));
  }
  const intentId = await mover.confirm(row, acknowledged);
  // The row is marked as sent before its request can leave, so a restart never takes it for a waiting one.
  await ctx.store.setRow(draft.id, row.reference, { state: 'sending', intentId, ...stamp(ctx, by) });
  try {
    await mover.execute(intentId, tfaCode, acknowledged);
  } finally {
    await noteAnswer(ctx, draft, row, intentId, by);
  }
}

async function runRow(
  ctx: PayoutContext,
  draft: StoredDraft,
  row: PayoutRow,
  by: string,
  tfaCode: string,
  acknowledged: readonly string[] | undefined,
): Promise<void> {
  const view = viewOf(ctx, draft, row);
  switch (view.state) {
    case 'succeeded':
      return;
    case 'skipped':
      throw new AppError('stale_precheck', t('mainPayouts.rowSkipped'));
    case 'sending':
      throw new AppError('in_flight', t('mainPayouts.rowInFlight'));
    case 'unknown':
    case 'closed':
      throw new AppError('outcome_unknown', t('mainPayouts.rowUnknown'));
    case 'refused':
      if (view.intentId !== null && moverFor(ctx, draft.content).statusIfKnown(view.intentId)?.state === 'refused') {
        // The row's own machine looks its reference up before it goes again (security.md 39).
        try {
          await moverFor(ctx, draft.content).execute(view.intentId, tfaCode, acknowledged);
        } finally {
          await noteAnswer(ctx, draft, row, view.intentId, by);
        }
        return;
      }
      if (await traced(ctx, draft, row, by)) return;
      await sendFresh(ctx, draft, row, by, tfaCode, acknowledged);
      return;
    case 'interrupted':
      if (await traced(ctx, draft, row, by)) return;
      await sendFresh(ctx, draft, row, by, tfaCode, acknowledged);
      return;
    case 'waiting':
      await sendFresh(ctx, draft, row, by, tfaCode, acknowledged);
      return;
  }
}

export async function executeRow(
  ctx: PayoutContext,
  input: ExecuteRowInput,
): Promise<{ row: PayoutRowView; nextCodeInSeconds: number }> {
  const { store, running } = ctx;
  const who = reader(ctx);
  const draft = requireVisible(who, store.get(input.draftId));
  requireMayExecute(who, draft, store.deskRule(draft.content.accountGuid));
  moverFor(ctx, draft.content).requireRole();
  const row = requireRow(draft, input.reference);
  const key = JSON.stringify([draft.id, row.reference]);
  if (running.has(key)) throw new AppError('in_flight', t('mainPayouts.rowInFlight'));
  running.add(key);
  try {
    await runRow(ctx, draft, row, who.user.userGuid, input.tfaCode, input.acknowledgedIntentIds);
  } finally {
    running.delete(key);
  }
  const untilNext = CODE_PERIOD_MS - (ctx.now() % CODE_PERIOD_MS);
  const latest = requireVisible(who, store.get(input.draftId));
  return { row: viewOf(ctx, latest, row), nextCodeInSeconds: Math.min(30, Math.max(1, Math.ceil(untilNext / 1_000))) };
}

/** Check status for a row: its send's own look-up, or the reference in the history. Never sends. */
export async function checkRow(
  ctx: PayoutContext,
  draftId: string,
  reference: string,
): Promise<{ row: PayoutRowView; status: SendStatus | WithdrawStatus | null }> {
  const { store } = ctx;
  const who = reader(ctx);
  const draft = requireVisible(who, store.get(draftId));
  const row = requireRow(draft, reference);
  const view = viewOf(ctx, draft, row);
  const mover = moverFor(ctx, draft.content);
  if (view.intentId !== null && mover.statusIfKnown(view.intentId) !== null) {
    const status = await mover.reconcile(view.intentId);
    await noteAnswer(ctx, draft, row, view.intentId, view.executedBy ?? who.user.userGuid);
    const latest = requireVisible(who, store.get(draftId));
    return { row: viewOf(ctx, latest, row), status };
  }
  if (view.state === 'interrupted' || view.state === 'unknown') {
    const trace = await mover.traceReference(row.reference);
    if (trace.kind === 'moved') {
      await store.setRow(draft.id, row.reference, {
        state: 'succeeded',
        intentId: view.intentId,
        txId: trace.outcome.txId,
        explorerUrl: trace.outcome.explorerUrl,
        ...stamp(ctx, view.executedBy ?? who.user.userGuid),
      });
    }
  }
  const latest = requireVisible(who, store.get(draftId));
  return { row: viewOf(ctx, latest, row), status: null };
}

export async function skipRow(ctx: PayoutContext, draftId: string, reference: string): Promise<PayoutRowView> {
  const { store } = ctx;
  const who = reader(ctx);
  const draft = requireVisible(who, store.get(draftId));
  requireMayExecute(who, draft, store.deskRule(draft.content.accountGuid));
  const row = requireRow(draft, reference);
  const view = viewOf(ctx, draft, row);
  if (view.state !== 'waiting' && view.state !== 'refused' && view.state !== 'skipped') {
    throw new AppError('forbidden', t('mainPayouts.onlyUnsentSkipped'));
  }
  await store.setRow(draft.id, reference, { state: 'skipped', ...stamp(ctx, who.user.userGuid) });
  return viewOf(ctx, requireVisible(who, store.get(draftId)), row);
}
