import { randomUUID } from 'node:crypto';
import { DraftFile, type DraftSummary } from '../../../src-preload/contract/payouts';
import { AppError } from '../../app-error';
import { requireVisible } from './draft-access';
import { sha256Hex, shortFingerprint } from './canonical-form';
import { knowsReference, reader, summary, type PayoutContext } from './payout-context';
import type { StoredDraft } from './payout-store';
import { t } from '../../i18n/main-text';

/** A draft as a file another computer can import, with the fingerprint both sides compare. */
export function exportDraft(
  ctx: PayoutContext,
  draftId: string,
): { fileName: string; text: string; fingerprint: string } {
  const draft = requireVisible(reader(ctx), ctx.store.get(draftId));
  const sha256 = sha256Hex(draft.content);
  const file: DraftFile = { format: 'wallet-desk-payout-draft', version: 1, content: draft.content, sha256 };
  const fingerprint = shortFingerprint(sha256);
  return {
    fileName: `payout-draft-${fingerprint.replaceAll(' ', '').toLowerCase()}.json`,
    text: `${JSON.stringify(file, null, 2)}\n`,
    fingerprint,
  };
}

/** Reads a draft file into a draft of this computer; it never executes anything. */
export async function importDraft(ctx: PayoutContext, text: string): Promise<DraftSummary> {
  const { store } = ctx;
  const who = reader(ctx);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('bad_input', t('mainPayouts.notJson'));
  }
  const parsed = DraftFile.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('bad_input', t('mainPayouts.notDraft'));
  }
  const { content, sha256 } = parsed.data;
  if (sha256Hex(content) !== sha256) {
    throw new AppError('bad_input', t('mainPayouts.changedAfterExport'));
  }
  if (!who.accounts.some((account) => account.guid === content.accountGuid)) {
    throw new AppError('forbidden', t('mainPayouts.importNoAccess'));
  }
  const same = store.drafts().find((draft) => sha256Hex(draft.content) === sha256);
  if (same) return summary(same);
  const taken = content.rows.find((row) => knowsReference(ctx, row.reference));
  if (taken) {
    throw new AppError(
      'bad_input',
      t('mainPayouts.importReferenceTaken', { reference: taken.reference, line: taken.line }),
    );
  }
  const draft: StoredDraft = {
    id: randomUUID(),
    content,
    importedBy: { ...who.user, at: new Date(ctx.now()).toISOString() },
    rows: {},
  };
  await store.put(draft);
  ctx.deps.logger.info('payout draft imported', { rows: content.rows.length });
  return summary(draft);
}
