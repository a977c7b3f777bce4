import type {
  UnresolvedWithdrawal,
  WithdrawConfirmInput,
  WithdrawOutcome,
  WithdrawReview,
  WithdrawStatus,
} from '../../../src-preload/contract/withdraw';
import type { AssetCode } from '../../../src-preload/contract/asset-table';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { amountTextFor, type AmountText } from '../format/amounts';
import { t } from '../i18n/text';
import type { FeedbackMessage } from './merchant-run';
import {
  createMoneyIntentActions,
  initialMoneyIntentState,
  type MoneyIntentActions,
  type MoneyIntentState,
  reviewEntered,
} from './money-intent';
import { createSessionStore } from './session-reset';
import { onSettled } from './settled-events';

/** What the panel last reported outside the intent's own steps: an error, or a plain-language message. */
export interface WithdrawFeedback {
  readonly error: BridgeError | null;
  readonly message: FeedbackMessage | null;
  /**
   * What a "Check status" learned, for the panel to say again in words that follow the privacy mask
   * (`message` names the amount as the store cannot know the mask).
   */
  readonly checked?: { readonly review: WithdrawReview; readonly status: Pick<WithdrawStatus, 'state' | 'error'> };
}

const none: WithdrawFeedback = { error: null, message: null };

/** What the user typed and chose in the form; kept while a review is open, so Cancel returns to it. */
export interface WithdrawForm {
  /** The member reference; null until typed, when the form offers the last one used. */
  readonly referenceId: string | null;
  /** The verified address chosen, as "code:address"; empty when none is. */
  readonly choice: string;
  /** Asset and address typed by hand, where unverified addresses are allowed. */
  readonly code: AssetCode;
  readonly address: string;
  readonly amount: string;
  readonly label: string;
  readonly email: string;
  /** The merchant's own id for this withdrawal, typed; it goes with the withdrawal it was confirmed with. */
  readonly merchantTransactionId: string;
}

const emptyForm: WithdrawForm = {
  referenceId: null,
  choice: '',
  code: 'BTC',
  address: '',
  amount: '',
  label: '',
  email: '',
  merchantTransactionId: '',
};

/** A "Check status" result as feedback: its words, and what they were made of. */
function checkedFeedback(review: WithdrawReview, status: Pick<WithdrawStatus, 'state' | 'error'>): WithdrawFeedback {
  return { error: null, message: checkedMessage(review, status), checked: { review, status } };
}

interface WithdrawState
  extends MoneyIntentState<WithdrawReview, WithdrawOutcome, WithdrawStatus>, MoneyIntentActions<WithdrawReview> {
  readonly form: WithdrawForm;
  edit(change: Partial<WithdrawForm>): void;
  readonly confirming: boolean;
  /** A refused confirmation, what a look-up from the list learned, a link not opened. */
  readonly feedback: WithdrawFeedback;
  /** Listed withdrawals whose status is being looked up, so their buttons are disabled. */
  readonly checking: readonly string[];
  /**
   * Main's words for why this withdrawal's outcome is unknown, as execute answered. Kept apart from
   * `submitError`, which a later "Check status" overwrites with its own failure, so a look-up that could not
   * be made never hides the warning that the money may have moved.
   */
  readonly unknownReason: BridgeError | null;

  /**
   * The id of the form on screen: every confirmation of it gets the one withdrawal it made (security.md
   * 38). A new one comes with every new form (New withdrawal, back to the form, lock, sign-out).
   */
  readonly formId: string;
  /** Fixes the merchant transaction id and freezes the withdrawal in main; true when it is under review. */
  confirm(input: Omit<WithdrawConfirmInput, 'formId'>): Promise<boolean>;
  /** "Check status" of a withdrawal in the unsettled list: a look-up only; sends nothing, takes no code. */
  checkListed(intentId: string): Promise<void>;
  /** The user ticks (or unticks) the warning naming every unsettled withdrawal shown now. */
  acknowledgeAll(known: boolean): void;
  openLink(url: string): Promise<void>;
  /** A new withdrawal form: nothing under review, and no acknowledgement carried over (security.md 27). */
  startOver(): void;
}

const initial = () => ({
  step: 'form' as const,
  form: emptyForm,
  formId: crypto.randomUUID(),
  review: null,
  confirming: false,
  feedback: none,
  checking: [] as readonly string[],
  unknownReason: null,
  ...initialMoneyIntentState,
});

/**
 * What "Check status" learned, in words: main's own reason when it stays unknown (it names the accounts).
 * The panel passes useAmountText's `amountText`, so the amount follows the privacy mask.
 */
export function checkedMessage(
  review: WithdrawReview,
  status: Pick<WithdrawStatus, 'state' | 'error'>,
  amountText: AmountText = amountTextFor(false),
): string {
  const which = { amount: amountText(review.amount, review.code), id: review.merchantTransactionId };
  switch (status.state) {
    case 'succeeded':
      return t('withdraw.checked.succeeded', which);
    case 'in-flight':
      return t('withdraw.checked.inFlight', which);
    case 'unknown':
      return status.error
        ? t('withdraw.checked.unknown', { ...which, reason: status.error.message })
        : t('withdraw.checked.notFound', which);
    case 'confirmed':
    case 'refused':
    case 'cancelled':
    case 'closed':
      return t('withdraw.checked.state', { ...which, state: status.state });
  }
}

/** Each form has an id of its own: a reset starts a new one, as startOver does. */
const newFormOnReset = { fresh: () => ({ formId: crypto.randomUUID() }) };

/**
 * Merchant withdrawals: form → review → result, or → unknown when the answer was lost, on the intent-store
 * pattern send and swap share (money-intent.ts); this store adds the form's values, the confirmation, the
 * look-up of listed withdrawals and the one box that acknowledges every unsettled withdrawal shown.
 */

export const useWithdrawStore = createSessionStore<WithdrawState>((set, get, _store, generation) => {
  const intent = createMoneyIntentActions<WithdrawReview, WithdrawOutcome, WithdrawStatus>({
    api: wallet.withdraw,
    set: (partial) => set(partial),
    get,
    invalidate: () => {
      generation.next();
    },
    clearExtras: () => set({ feedback: none, unknownReason: null }),
    // Confirmed before a lock, or the keys or environment changed since: this review can never be sent, so
    // back to the form (which keeps what was typed), with main's words saying to review it again, as send
    // does. The acknowledgement went with that confirmation: the form asks again (security.md 27).
    onStale: (error) => {
      generation.next();
      set({
        submitting: false,
        step: 'form',
        review: null,
        submitError: null,
        outcome: null,
        lookup: null,
        refused: false,
        unknownReason: null,
        acknowledged: [],
        feedback: { error, message: null },
        // Back to the form is a new form: what was reviewed under the old one can never be sent.
        formId: crypto.randomUUID(),
      });
    },
  });

  return {
    ...initial(),
    ...intent,

    async execute(tfaCode) {
      const review = get().review;
      await intent.execute(tfaCode);
      const now = get();
      if (review && now.review?.intentId === review.intentId && now.step === 'unknown') {
        set({ unknownReason: now.submitError });
      }
    },

    async checkStatus() {
      const review = get().review;
      await intent.checkStatus();
      const now = get();
      if (!review || now.review?.intentId !== review.intentId) return;
      if (now.step === 'result') set({ feedback: checkedFeedback(review, { state: 'succeeded', error: null }) });
      else if (now.lookup !== null) {
        set({ feedback: checkedFeedback(review, { state: 'unknown', error: now.submitError }) });
      }
    },

    // Its own checkStatus, so the words of what was found are shown too.
    async openAndCheck(review) {
      get().resume(review);
      await get().checkStatus();
    },

    async confirm(input) {
      if (get().confirming) return false;
      const mine = generation.current();
      set({ confirming: true, feedback: none });
      const result = await wallet.withdraw.confirm({ ...input, formId: get().formId });
      if (!generation.isCurrent(mine)) return false;
      if (!result.ok) {
        set({ confirming: false, feedback: { error: result.error, message: null } });
        return false;
      }
      set({
        confirming: false,
        ...reviewEntered(result.value),
        // A typed merchant transaction id belongs to the withdrawal it was confirmed with: the next form starts
        // without it (main would refuse it anyway).
        form: { ...get().form, merchantTransactionId: '' },
        // The acknowledgement was spent on this withdrawal; the next form asks again.
        acknowledged: [],
      });
      return true;
    },

    async checkListed(intentId) {
      const entry = get().unresolved.find((candidate) => candidate.review.intentId === intentId);
      if (!entry || get().checking.includes(intentId)) return;
      const mine = generation.current();
      set((state) => ({ checking: [...state.checking, intentId], feedback: none }));
      const result = await wallet.withdraw.reconcile({ intentId });
      if (!generation.isCurrent(mine)) return;
      set((state) => ({
        checking: state.checking.filter((id) => id !== intentId),
        feedback: result.ok
          ? checkedFeedback(entry.review, result.value.status)
          : { error: result.error, message: null },
      }));
      await get().loadUnresolved();
    },

    acknowledgeAll(known) {
      set({ acknowledged: known ? get().unresolved.map((entry: UnresolvedWithdrawal) => entry.review.intentId) : [] });
    },

    async openLink(url) {
      const result = await wallet.links.open({ url });
      if (!result.ok) set({ feedback: { error: result.error, message: null } });
      else if (!result.value.opened) {
        set({
          feedback: { error: null, message: { id: 'withdraw.linkNotOpened' } },
        });
      }
    },

    edit(change) {
      set((state) => ({ form: { ...state.form, ...change } }));
    },

    startOver() {
      generation.next();
      // A new form: what was typed stays for the next one, as it does after Cancel.
      set((state) => ({ ...initial(), unresolved: state.unresolved, form: state.form }));
    },
  };
}, newFormOnReset);

onSettled('withdraw', (intentIds) => useWithdrawStore.getState().settledInBackground(intentIds));
