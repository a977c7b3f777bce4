import { randomUUID } from 'node:crypto';
import type {
  CsvCheckInput,
  DraftContent,
  DraftSummary,
  DraftView,
  PayoutRow,
  WithdrawalTarget,
} from '../../../src-preload/contract/payouts';
import { AppError } from '../../app-error';
import { executionRefusal, requireVisible, visibleTo, type DraftReader } from './draft-access';
import { checkPayoutFile } from './payout-checks';
import { reader, summary, viewOf, type PayoutContext } from './payout-context';
import type { StoredDraft } from './payout-store';
import { resultsCsv } from './results-csv';
import { t } from '../../i18n/main-text';

function newContent(
  ctx: PayoutContext,
  title: string,
  rows: PayoutRow[],
  who: DraftReader,
  withdrawal: WithdrawalTarget | undefined,
): DraftContent {
  const fields = {
    accountGuid: who.active.guid,
    title,
    preparedBy: { userGuid: who.user.userGuid, name: who.user.name },
    preparedAt: new Date(ctx.now()).toISOString(),
    rows,
  };
  return withdrawal === undefined ? { kind: 'send', ...fields } : { kind: 'withdraw', withdrawal, ...fields };
}

/** Checks the file again and saves it as a draft of the active account; a file with a problem saves nothing. */
export async function saveDraft(ctx: PayoutContext, input: CsvCheckInput & { title: string }): Promise<DraftSummary> {
  const who = reader(ctx);
  const checked = await checkPayoutFile(ctx, input);
  if (checked.problems.length > 0) {
    const count = checked.problems.length;
    throw new AppError('bad_input', t('mainPayouts.fileProblems', { count }));
  }
  const draft: StoredDraft = {
    id: randomUUID(),
    content: newContent(ctx, input.title, checked.rows, who, input.withdrawal),
    importedBy: null,
    rows: {},
  };
  await ctx.store.put(draft);
  ctx.deps.logger.info('payout draft saved', { rows: checked.rows.length });
  return summary(draft);
}

export function listDrafts(ctx: PayoutContext): DraftSummary[] {
  const who = reader(ctx);
  return ctx.store
    .drafts()
    .filter((draft) => draft.content.accountGuid === who.active.guid && visibleTo(who, draft))
    .map(summary);
}

export function getDraft(ctx: PayoutContext, draftId: string): DraftView {
  const who = reader(ctx);
  const draft = requireVisible(who, ctx.store.get(draftId));
  const refusal = executionRefusal(who, draft, ctx.store.deskRule(draft.content.accountGuid));
  return {
    ...summary(draft),
    rows: draft.content.rows.map((row) => viewOf(ctx, draft, row)),
    execution: { allowed: refusal === null, reason: refusal },
  };
}

export async function removeDraft(ctx: PayoutContext, draftId: string): Promise<{ removed: boolean }> {
  const who = reader(ctx);
  const draft = requireVisible(who, ctx.store.get(draftId));
  if (Object.values(draft.rows).some((entry) => entry.state !== 'skipped')) {
    throw new AppError('forbidden', t('mainPayouts.draftKept'));
  }
  await ctx.store.remove(draft.id);
  return { removed: true };
}

export function draftResults(ctx: PayoutContext, draftId: string): { fileName: string; text: string } {
  const draft = requireVisible(reader(ctx), ctx.store.get(draftId));
  const rows = draft.content.rows.map((row) => viewOf(ctx, draft, row));
  return { fileName: `payout-results-${draft.id.slice(0, 8)}.csv`, text: resultsCsv(rows) };
}
