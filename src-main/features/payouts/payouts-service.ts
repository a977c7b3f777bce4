import type { CsvCheckInput } from '../../../src-preload/contract/payouts';
import { changeDeskRule, readDeskRule } from './desk-rule';
import { exportDraft, importDraft } from './draft-files';
import { checkPayoutFile } from './payout-checks';
import { payoutContext, type PayoutsDeps } from './payout-context';
import { draftResults, getDraft, listDrafts, removeDraft, saveDraft } from './payout-drafts';
import { checkRow, executeRow, skipRow, type ExecuteRowInput } from './row-execution';

export type { PayoutsDeps } from './payout-context';

/**
 * Payout drafts and batches (security.md 42): prepared by anyone with access to an account, executed row by
 * row by a role that may move money with their own code, each row a send of its own on the send's intent
 * machine under a reference fixed when the draft was made, so a resume or a restart never pays a row twice.
 */
export function createPayouts(deps: PayoutsDeps) {
  const ctx = payoutContext(deps);
  return {
    check: (input: CsvCheckInput) => checkPayoutFile(ctx, input),
    save: (input: CsvCheckInput & { title: string }) => saveDraft(ctx, input),
    list: () => listDrafts(ctx),
    get: (draftId: string) => getDraft(ctx, draftId),
    remove: (draftId: string) => removeDraft(ctx, draftId),
    export: (draftId: string) => exportDraft(ctx, draftId),
    /** Reads a draft file into a draft of this computer; it never executes anything. */
    import: (text: string) => importDraft(ctx, text),
    deskRule: () => readDeskRule(ctx),
    setDeskRule: (separateApprover: boolean) => changeDeskRule(ctx, separateApprover),
    executeRow: (input: ExecuteRowInput) => executeRow(ctx, input),
    /** Check status for a row: its send's own look-up, or the reference in the history. Never sends. */
    checkRow: (draftId: string, reference: string) => checkRow(ctx, draftId, reference),
    skipRow: (draftId: string, reference: string) => skipRow(ctx, draftId, reference),
    results: (draftId: string) => draftResults(ctx, draftId),
  };
}
export type Payouts = ReturnType<typeof createPayouts>;
