import type { DeskRule } from '../../../src-preload/contract/payouts';
import type { SessionAccount } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import type { StoredDeskRule, StoredDraft } from './payout-store';
import { roleWords } from '../../i18n/service-words';
import { t } from '../../i18n/main-text';

/** Who asks: the signed-in user, the accounts they may act for and the active one. Locked: nobody. */
export interface DraftReader {
  readonly user: { readonly userGuid: string; readonly name: string };
  readonly accounts: readonly SessionAccount[];
  readonly active: SessionAccount;
}

/**
 * A draft is seen by every user who has access to its account, and by nobody else: one of another account
 * is as unknown as one never made (security.md 40, 42).
 */
export function visibleTo(reader: DraftReader, draft: StoredDraft): boolean {
  return reader.accounts.some((account) => account.guid === draft.content.accountGuid);
}

export function requireVisible(reader: DraftReader, draft: StoredDraft | undefined): StoredDraft {
  if (!draft || !visibleTo(reader, draft)) {
    throw new AppError('not_found', t('mainPayouts.draftUnknown'));
  }
  return draft;
}

export function deskRuleView(accountGuid: string, rule: StoredDeskRule | undefined): DeskRule {
  return {
    accountGuid,
    separateApprover: rule?.separateApprover ?? false,
    changedBy: rule?.changedBy ?? null,
    changedAt: rule?.changedAt ?? null,
  };
}

/**
 * Why the reader may not execute this draft now, in words, or null when they may: its account must be the
 * active one, their role there must move money (spec 5.1), and with the desk rule "Prepared and approved by
 * different people" on, the person who prepared it cannot execute it (security.md 42).
 */
export function executionRefusal(
  reader: DraftReader,
  draft: StoredDraft,
  rule: StoredDeskRule | undefined,
): string | null {
  const account = reader.accounts.find((candidate) => candidate.guid === draft.content.accountGuid);
  if (!account) return t('mainPayouts.draftNoAccess');
  if (reader.active.guid !== account.guid) return t('mainPayouts.switchAccount', { account: account.name });
  if (!account.canMoveMoney)
    return t('mainPayouts.roleCannotExecute', { role: roleWords(account.role), account: account.name });
  if (rule?.separateApprover === true && draft.content.preparedBy.userGuid === reader.user.userGuid) {
    return t('mainPayouts.separateApprover', { account: account.name });
  }
  return null;
}

export function requireMayExecute(reader: DraftReader, draft: StoredDraft, rule: StoredDeskRule | undefined): void {
  const refusal = executionRefusal(reader, draft, rule);
  if (refusal !== null) throw new AppError('forbidden', refusal);
}
