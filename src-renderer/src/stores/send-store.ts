import { create } from 'zustand';
import type { AssetCode } from '../../../src-preload/contract/assets';
import type {
  FeeRate,
  SendAsset,
  SendOutcome,
  SendPrecheck,
  SendReview,
  SendStatus,
} from '../../../src-preload/contract/send';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { registerSessionReset } from './session-reset';

/**
 * form → (precheck) → review → result, or → unknown when the answer was lost. The renderer never holds
 * more than ids and what main showed; the body that is sent lives in main, frozen at confirmation.
 */
export type SendStep = 'form' | 'review' | 'result' | 'unknown';

export interface SendForm {
  readonly code: AssetCode | '';
  readonly address: string;
  readonly amount: string;
  readonly isMax: boolean;
  readonly feeRate: FeeRate;
  readonly description: string;
}

interface SendState {
  readonly assets: SendAsset[] | null;
  readonly assetsError: BridgeError | null;
  readonly form: SendForm;
  readonly precheck: SendPrecheck | null;
  readonly prechecking: boolean;
  readonly precheckError: BridgeError | null;
  readonly step: SendStep;
  readonly review: SendReview | null;
  readonly confirming: boolean;
  readonly confirmError: BridgeError | null;
  /** A send, retry or status check is on its way: every submit button is disabled. */
  readonly submitting: boolean;
  readonly submitError: BridgeError | null;
  readonly outcome: SendOutcome | null;
  /** Set after "Check status": found (→ result) or not found (→ a retry with the same reference is offered). */
  readonly lookup: 'not_found' | null;
  /** Earlier sends whose outcome is still unknown (kept in main across reloads and locks). */
  readonly unresolved: { review: SendReview; status: SendStatus }[];

  loadAssets(): Promise<void>;
  loadUnresolved(): Promise<void>;
  /** Opens an unresolved send on its "outcome unknown" page. */
  resume(review: SendReview): void;
  edit(change: Partial<Omit<SendForm, 'isMax'>>): void;
  chooseFee(feeRate: FeeRate): void;
  check(): Promise<void>;
  chooseMax(): Promise<void>;
  confirm(): Promise<void>;
  execute(tfaCode: string): Promise<void>;
  checkStatus(): Promise<void>;
  retry(tfaCode: string): Promise<void>;
  back(): void;
  startOver(): void;
  reset(): void;
}

const emptyForm: SendForm = { code: '', address: '', amount: '', isMax: false, feeRate: 1, description: '' };

const initial = {
  assets: null,
  assetsError: null,
  form: emptyForm,
  precheck: null,
  prechecking: false,
  precheckError: null,
  step: 'form' as SendStep,
  review: null,
  confirming: false,
  confirmError: null,
  submitting: false,
  submitError: null,
  outcome: null,
  lookup: null,
  unresolved: [],
};

/** Bumped on every change of input or session, so a late precheck answer for old input is dropped. */
let generation = 0;

export const useSendStore = create<SendState>()((set, get) => {
  async function precheck(amount: string): Promise<void> {
    const { form } = get();
    if (form.code === '') {
      set({ precheckError: { code: 'bad_input', message: 'Choose an asset to send.', field: 'code' } });
      return;
    }
    const mine = ++generation;
    set({ prechecking: true, precheckError: null, precheck: null });
    const result = await wallet.send.precheck({
      code: form.code,
      address: form.address,
      amount,
      ...(amount === 'max' ? { maxFeeRate: form.feeRate } : {}),
    });
    if (mine !== generation) return;
    if (!result.ok) {
      set({ prechecking: false, precheckError: result.error });
      return;
    }
    const value = result.value;
    set((state) => ({
      prechecking: false,
      precheck: value,
      // Main may normalise the address (bech32 lower case) and computes Max: show what it checked.
      form: { ...state.form, address: value.address, amount: value.amount, isMax: value.isMax },
    }));
  }

  /** Sends (or retries) the confirmed intent once; a second call while one is on its way does nothing. */
  async function submit(tfaCode: string, operation: 'execute' | 'retry'): Promise<void> {
    const { review, submitting } = get();
    if (!review || submitting) return;
    set({ submitting: true, submitError: null });
    const result =
      operation === 'execute'
        ? await wallet.send.execute({ intentId: review.intentId, tfaCode })
        : await wallet.send.retry({ intentId: review.intentId, tfaCode });
    if (get().review?.intentId !== review.intentId) return;
    if (result.ok) {
      set({ submitting: false, outcome: result.value, step: 'result', lookup: null });
    } else if (result.error.code === 'outcome_unknown') {
      set({ submitting: false, step: 'unknown', submitError: result.error, lookup: null });
    } else if (result.error.code === 'stale_precheck') {
      // Fees shown are too old to send with: back to the form, which checks them again.
      generation += 1;
      set({ submitting: false, step: 'form', review: null, precheck: null, precheckError: result.error });
    } else {
      set({ submitting: false, submitError: result.error });
    }
  }

  return {
    ...initial,

    async loadUnresolved() {
      const result = await wallet.send.unresolved();
      if (result.ok) set({ unresolved: result.value });
    },

    resume(review) {
      generation += 1;
      set({ review, step: 'unknown', submitError: null, lookup: null, outcome: null });
    },

    async loadAssets() {
      const result = await wallet.send.assets();
      if (result.ok) set({ assets: result.value, assetsError: null });
      else set({ assetsError: result.error });
    },

    edit(change) {
      const onlyDescription = Object.keys(change).every((key) => key === 'description');
      if (onlyDescription) {
        set((state) => ({ form: { ...state.form, ...change } }));
        return;
      }
      generation += 1;
      // Any change of asset, address or amount makes the precheck worthless (security.md 25).
      set((state) => ({
        form: { ...state.form, ...change, isMax: false },
        precheck: null,
        precheckError: null,
        prechecking: false,
      }));
    },

    chooseFee(feeRate) {
      set((state) => ({ form: { ...state.form, feeRate } }));
      // Max depends on the fee: a different fee means a different amount, so check again.
      if (get().form.isMax) void precheck('max');
    },

    check: () => precheck(get().form.amount.trim()),

    async chooseMax() {
      set((state) => ({ form: { ...state.form, isMax: true } }));
      await precheck('max');
    },

    async confirm() {
      const { precheck: checked, form, confirming } = get();
      if (!checked || confirming) return;
      set({ confirming: true, confirmError: null });
      const description = form.description.trim();
      const result = await wallet.send.confirm({
        precheckId: checked.precheckId,
        feeRate: form.feeRate,
        ...(description ? { description } : {}),
      });
      if (!result.ok) {
        // An expired precheck is simply checked again with the same input.
        set({
          confirming: false,
          confirmError: result.error,
          ...(result.error.code === 'stale_precheck' ? { precheck: null } : {}),
        });
        return;
      }
      set({ confirming: false, review: result.value, step: 'review', submitError: null, outcome: null, lookup: null });
    },

    execute: (tfaCode) => submit(tfaCode, 'execute'),
    retry: (tfaCode) => submit(tfaCode, 'retry'),

    async checkStatus() {
      const { review, submitting } = get();
      if (!review || submitting) return;
      set({ submitting: true, submitError: null });
      const result = await wallet.send.reconcile({ intentId: review.intentId });
      if (get().review?.intentId !== review.intentId) return;
      if (!result.ok) {
        set({ submitting: false, submitError: result.error });
        return;
      }
      const { lookup, status } = result.value;
      if (status.state === 'succeeded' && status.outcome) {
        set({ submitting: false, outcome: status.outcome, step: 'result', lookup: null });
      } else {
        set({
          submitting: false,
          lookup: lookup === 'not_found' || status.canRetry ? 'not_found' : null,
          submitError: status.error,
        });
      }
    },

    back() {
      // Leaving the review drops its precheck: anything changed from here is checked again.
      generation += 1;
      set({ step: 'form', review: null, precheck: null, submitError: null, confirmError: null });
    },

    startOver() {
      generation += 1;
      set((state) => ({ ...initial, assets: state.assets }));
      void get().loadAssets();
    },

    reset() {
      generation += 1;
      set({ ...initial });
    },
  };
});

registerSessionReset(() => useSendStore.getState().reset());
