import type {
  BatchCheck,
  DeskRule,
  DraftSummary,
  DraftView,
  WithdrawalTarget,
} from '../../../src-preload/contract/payouts';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { t } from '../i18n/text';
import { createSessionStore } from './session-reset';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/**
 * An earlier send or withdrawal still unsettled, as facts: the detail words it when it draws, in the language
 * of that moment.
 */
export interface UnsettledEntry {
  readonly intentId: string;
  readonly kind: 'send' | 'withdraw';
  readonly amount: string;
  readonly code: string;
  readonly to: string;
  readonly reference: string;
}

/** Asked of a draft when none is open: an answer in the language of the moment it is asked. */
function noDraftOpen(): { ok: false; error: BridgeError } {
  return { ok: false, error: { code: 'not_found', message: t('payouts.openFirst') } };
}

interface PayoutsState {
  /** The active account's drafts; null until loaded. */
  readonly drafts: DraftSummary[] | null;
  readonly deskRule: DeskRule | null;
  readonly open: DraftView | null;
  readonly loadError: BridgeError | null;
  load(): Promise<void>;
  openDraft(draftId: string): Promise<BridgeError | null>;
  close(): void;
  /** With a withdrawal target, the rows are merchant withdrawals checked against the verified addresses. */
  check(
    lines: string[],
    decimalSeparator: '.' | ',',
    withdrawal: WithdrawalTarget | null,
  ): Promise<Outcome<BatchCheck>>;
  save(
    lines: string[],
    decimalSeparator: '.' | ',',
    title: string,
    withdrawal: WithdrawalTarget | null,
  ): Promise<Outcome<DraftSummary>>;
  importFile(text: string): Promise<Outcome<DraftSummary>>;
  setDeskRule(separateApprover: boolean): Promise<BridgeError | null>;
  executeRow(
    reference: string,
    tfaCode: string,
    acknowledged: string[],
  ): Promise<Outcome<{ nextCodeInSeconds: number }>>;
  checkRow(reference: string): Promise<BridgeError | null>;
  skipRow(reference: string): Promise<BridgeError | null>;
  exportDraft(): Promise<Outcome<{ fileName: string; text: string; fingerprint: string }>>;
  results(): Promise<Outcome<{ fileName: string; text: string }>>;
  /**
   * Sends (or, for a draft of withdrawals, withdrawals) of the user whose outcome is unknown or that are on
   * their way, to acknowledge by id.
   */
  unsettledSends(): Promise<Outcome<UnsettledEntry[]>>;
}

/** Payout drafts of the active account; a switch, a lock or a sign-out empties it (session-reset). */
export const usePayoutsStore = createSessionStore<PayoutsState>((set, get) => {
  async function reopen(): Promise<void> {
    const open = get().open;
    if (open) await get().openDraft(open.draftId);
  }
  return {
    drafts: null,
    deskRule: null,
    open: null,
    loadError: null,

    async load() {
      const [drafts, rule] = await Promise.all([wallet.payouts.list(), wallet.payouts.deskRule()]);
      if (!drafts.ok) set({ loadError: drafts.error });
      else if (!rule.ok) set({ loadError: rule.error });
      else set({ drafts: drafts.value, deskRule: rule.value, loadError: null });
    },

    async openDraft(draftId) {
      const result = await wallet.payouts.get({ draftId });
      if (!result.ok) return result.error;
      set({ open: result.value });
      return null;
    },

    close() {
      set({ open: null });
    },

    check: (lines, decimalSeparator, withdrawal) =>
      wallet.payouts.check({ lines, decimalSeparator, ...(withdrawal ? { withdrawal } : {}) }),

    async save(lines, decimalSeparator, title, withdrawal) {
      const result = await wallet.payouts.save({
        lines,
        decimalSeparator,
        title,
        ...(withdrawal ? { withdrawal } : {}),
      });
      if (result.ok) await get().load();
      return result;
    },

    async importFile(text) {
      const result = await wallet.payouts.import({ lines: text.split(/\r?\n/) });
      if (result.ok) await get().load();
      return result;
    },

    async setDeskRule(separateApprover) {
      const result = await wallet.payouts.setDeskRule({ separateApprover });
      if (!result.ok) return result.error;
      set({ deskRule: result.value });
      await reopen();
      return null;
    },

    async executeRow(reference, tfaCode, acknowledged) {
      const open = get().open;
      if (!open) return noDraftOpen();
      const result = await wallet.payouts.executeRow({
        draftId: open.draftId,
        reference,
        tfaCode,
        ...(acknowledged.length > 0 ? { acknowledgedIntentIds: acknowledged } : {}),
      });
      await reopen();
      return result.ok ? { ok: true, value: { nextCodeInSeconds: result.value.nextCodeInSeconds } } : result;
    },

    async checkRow(reference) {
      const open = get().open;
      if (!open) return null;
      const result = await wallet.payouts.checkRow({ draftId: open.draftId, reference });
      await reopen();
      return result.ok ? null : result.error;
    },

    async skipRow(reference) {
      const open = get().open;
      if (!open) return null;
      const result = await wallet.payouts.skipRow({ draftId: open.draftId, reference });
      await reopen();
      return result.ok ? null : result.error;
    },

    async exportDraft() {
      const open = get().open;
      if (!open) return noDraftOpen();
      return wallet.payouts.export({ draftId: open.draftId });
    },

    async results() {
      const open = get().open;
      if (!open) return noDraftOpen();
      return wallet.payouts.results({ draftId: open.draftId });
    },

    async unsettledSends() {
      if (get().open?.kind === 'withdraw') {
        const listed = await wallet.withdraw.unresolved();
        if (!listed.ok) return listed;
        return {
          ok: true,
          value: listed.value.map(({ review }) => ({
            intentId: review.intentId,
            kind: 'withdraw',
            amount: review.amount,
            code: review.code,
            to: review.address,
            reference: review.merchantTransactionId,
          })),
        };
      }
      const result = await wallet.send.unresolved();
      if (!result.ok) return result;
      return {
        ok: true,
        value: result.value.map(({ review }) => ({
          intentId: review.intentId,
          kind: 'send',
          amount: review.amount,
          code: review.code,
          to: review.destination,
          reference: review.referenceId,
        })),
      };
    },
  };
});
