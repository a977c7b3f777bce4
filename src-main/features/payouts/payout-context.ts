import type { DraftContent, DraftSummary, PayoutRow, PayoutRowView } from '../../../src-preload/contract/payouts';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { PayoutWithdrawals } from '../withdraw';
import type { SessionService } from '../session';
import { fingerprintOf } from './canonical-form';
import type { DraftReader } from './draft-access';
import type { PayoutStore, StoredDraft } from './payout-store';
import { rowView } from './row-view';
import { sendMover, withdrawMover, type PayoutSend, type RowMover } from './row-movers';
import { t } from '../../i18n/main-text';

export interface PayoutsDeps {
  readonly session: Pick<
    SessionService,
    'activeUser' | 'activeAccount' | 'view' | 'interfaceA' | 'requireMoneyMovingRole'
  >;
  readonly send: PayoutSend;
  /** Rows that are merchant withdrawals; without it, a draft of withdrawals is refused. */
  readonly withdrawals?: PayoutWithdrawals | undefined;
  readonly store: PayoutStore;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** What every part of the payouts feature shares: its dependencies, its clock and the rows running now. */
export interface PayoutContext {
  readonly deps: PayoutsDeps;
  readonly store: PayoutStore;
  readonly send: PayoutSend;
  readonly now: () => number;
  /** Rows being executed now, by draft and reference: a second press joins nothing and is refused. */
  readonly running: Set<string>;
}

export function payoutContext(deps: PayoutsDeps): PayoutContext {
  return { deps, store: deps.store, send: deps.send, now: deps.now ?? Date.now, running: new Set<string>() };
}

export function reader(ctx: PayoutContext): DraftReader {
  const { session } = ctx.deps;
  return { user: session.activeUser(), accounts: session.view().accounts, active: session.activeAccount() };
}

export function knowsReference(ctx: PayoutContext, reference: string): boolean {
  return (
    ctx.send.knowsReference(reference) ||
    (ctx.deps.withdrawals?.knows(reference) ?? false) ||
    ctx.store.drafts().some((draft) => draft.content.rows.some((row) => row.reference === reference))
  );
}

export function requireWithdrawals(ctx: PayoutContext): PayoutWithdrawals {
  if (!ctx.deps.withdrawals) throw new AppError('forbidden', t('mainPayouts.withdrawalsUnavailable'));
  return ctx.deps.withdrawals;
}

/** The machine a draft's rows run on: the send's, or the merchant withdrawal's. */
export function moverFor(ctx: PayoutContext, content: DraftContent): RowMover {
  switch (content.kind) {
    case 'send':
      return sendMover(ctx.send, ctx.deps.session, content.accountGuid);
    case 'withdraw':
      return withdrawMover(requireWithdrawals(ctx), ctx.deps.session, content.withdrawal);
  }
}

export function summary(draft: StoredDraft): DraftSummary {
  const { content } = draft;
  return {
    draftId: draft.id,
    kind: content.kind,
    title: content.title,
    accountGuid: content.accountGuid,
    preparedBy: content.preparedBy,
    preparedAt: content.preparedAt,
    rowCount: content.rows.length,
    fingerprint: fingerprintOf(content),
    importedBy: draft.importedBy ? { name: draft.importedBy.name, at: draft.importedBy.at } : null,
  };
}

export function viewOf(ctx: PayoutContext, draft: StoredDraft, row: PayoutRow): PayoutRowView {
  const record = draft.rows[row.reference];
  const intentId = record && 'intentId' in record ? record.intentId : null;
  return rowView(row, record, intentId ? moverFor(ctx, draft.content).statusIfKnown(intentId) : null);
}

export function requireRow(draft: StoredDraft, reference: string): PayoutRow {
  const row = draft.content.rows.find((candidate) => candidate.reference === reference);
  if (!row) throw new AppError('not_found', t('mainPayouts.rowNotInDraft'));
  return row;
}

export function stamp(ctx: PayoutContext, by: string): { by: string; at: string } {
  return { by, at: new Date(ctx.now()).toISOString() };
}
