import { create } from 'zustand';
import type {
  SwapOutcome,
  SwapQuote,
  SwapReview,
  SwapStatus,
  SwapSymbolsView,
} from '../../../src-preload/contract/swap';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { registerSessionReset } from './session-reset';

export type SwapStep = 'form' | 'review' | 'result' | 'unknown';

export interface SwapForm {
  readonly fromSymbol: string;
  readonly fromNetwork: string;
  readonly toSymbol: string;
  readonly toNetwork: string;
  readonly amount: string;
  readonly isUsdInput: boolean;
}

interface SwapState {
  readonly symbols: SwapSymbolsView | null;
  readonly symbolsError: BridgeError | null;
  readonly form: SwapForm;
  readonly quote: SwapQuote | null;
  readonly quoting: boolean;
  readonly quoteError: BridgeError | null;
  readonly step: SwapStep;
  readonly review: SwapReview | null;
  readonly confirming: boolean;
  readonly submitting: boolean;
  readonly submitError: BridgeError | null;
  /** Told to the user when an expired quote was replaced by a fresh one before anything was sent. */
  readonly notice: string | null;
  readonly outcome: SwapOutcome | null;
  readonly lookup: 'not_found' | null;
  readonly unresolved: { review: SwapReview; status: SwapStatus }[];

  loadSymbols(): Promise<void>;
  loadUnresolved(): Promise<void>;
  resume(review: SwapReview): void;
  edit(change: Partial<SwapForm>): void;
  refreshQuote(): Promise<void>;
  confirm(): Promise<void>;
  execute(tfaCode: string): Promise<void>;
  checkStatus(): Promise<void>;
  retry(tfaCode: string): Promise<void>;
  back(): void;
  startOver(): void;
  reset(): void;
}

const emptyForm: SwapForm = {
  fromSymbol: '',
  fromNetwork: '',
  toSymbol: '',
  toNetwork: '',
  amount: '',
  isUsdInput: false,
};

const initial = {
  symbols: null,
  symbolsError: null,
  form: emptyForm,
  quote: null,
  quoting: false,
  quoteError: null,
  step: 'form' as SwapStep,
  review: null,
  confirming: false,
  submitting: false,
  submitError: null,
  notice: null,
  outcome: null,
  lookup: null,
  unresolved: [],
};

const AMOUNT = /^\d+(\.\d{1,18})?$/;
let generation = 0;

export function isExpired(quote: Pick<SwapQuote, 'expiresAt'>, now = Date.now()): boolean {
  return now >= Date.parse(quote.expiresAt);
}

function complete(form: SwapForm): boolean {
  return (
    form.fromSymbol !== '' &&
    form.fromNetwork !== '' &&
    form.toSymbol !== '' &&
    form.toNetwork !== '' &&
    AMOUNT.test(form.amount.trim()) &&
    /[1-9]/.test(form.amount)
  );
}

export const useSwapStore = create<SwapState>()((set, get) => {
  async function fetchQuote(): Promise<SwapQuote | null> {
    const { form } = get();
    if (!complete(form)) {
      set({ quote: null, quoting: false, quoteError: null });
      return null;
    }
    const mine = ++generation;
    set({ quoting: true, quoteError: null });
    const result = await wallet.swap.quote({ ...form, amount: form.amount.trim() });
    if (mine !== generation) return null;
    if (!result.ok) {
      set({ quoting: false, quote: null, quoteError: result.error });
      return null;
    }
    set({ quoting: false, quote: result.value });
    return result.value;
  }

  /** A fresh quote for the same input, confirmed again: the user sees the new amounts before any swap. */
  async function renew(reason: string): Promise<void> {
    const quote = await fetchQuote();
    if (!quote) {
      set({ submitting: false, step: 'form', review: null, notice: reason });
      return;
    }
    const confirmed = await wallet.swap.confirm({ quoteId: quote.quoteId });
    if (!confirmed.ok) {
      set({ submitting: false, step: 'form', review: null, submitError: confirmed.error });
      return;
    }
    set({ submitting: false, review: confirmed.value, notice: reason, submitError: null });
  }

  async function submit(tfaCode: string, operation: 'execute' | 'retry'): Promise<void> {
    const { review, submitting } = get();
    if (!review || submitting) return;
    set({ submitting: true, submitError: null, notice: null });
    if (operation === 'execute' && isExpired(review)) {
      await renew('The quote expired, so a new one was fetched. Check the new amounts and enter a new code.');
      return;
    }
    const result =
      operation === 'execute'
        ? await wallet.swap.execute({ intentId: review.intentId, tfaCode })
        : await wallet.swap.retry({ intentId: review.intentId, tfaCode });
    if (get().review?.intentId !== review.intentId) return;
    if (result.ok) set({ submitting: false, outcome: result.value, step: 'result', lookup: null });
    else if (result.error.code === 'outcome_unknown')
      set({ submitting: false, step: 'unknown', submitError: result.error, lookup: null });
    else if (result.error.code === 'stale_precheck') {
      await renew(
        'The quote expired before the swap was sent, so a new one was fetched. Check the new amounts and enter a new code.',
      );
    } else set({ submitting: false, submitError: result.error });
  }

  return {
    ...initial,

    async loadUnresolved() {
      const result = await wallet.swap.unresolved();
      if (result.ok) set({ unresolved: result.value });
    },

    resume(review) {
      generation += 1;
      set({ review, step: 'unknown', submitError: null, lookup: null, outcome: null, notice: null });
    },

    async loadSymbols() {
      const result = await wallet.swap.symbols();
      if (result.ok) set({ symbols: result.value, symbolsError: null });
      else set({ symbolsError: result.error });
    },

    edit(change) {
      generation += 1;
      set((state) => ({ form: { ...state.form, ...change }, quote: null, quoteError: null, quoting: false }));
    },

    refreshQuote: async () => {
      await fetchQuote();
    },

    async confirm() {
      const { quote, confirming } = get();
      if (!quote || confirming) return;
      set({ confirming: true, submitError: null, notice: null });
      const current = isExpired(quote) ? await fetchQuote() : quote;
      if (!current) {
        set({ confirming: false });
        return;
      }
      const result = await wallet.swap.confirm({ quoteId: current.quoteId });
      if (!result.ok) {
        set({ confirming: false, quoteError: result.error });
        if (result.error.code === 'stale_precheck') await fetchQuote();
        return;
      }
      set({ confirming: false, review: result.value, step: 'review' });
    },

    execute: (tfaCode) => submit(tfaCode, 'execute'),
    retry: (tfaCode) => submit(tfaCode, 'retry'),

    async checkStatus() {
      const { review, submitting } = get();
      if (!review || submitting) return;
      set({ submitting: true, submitError: null });
      const result = await wallet.swap.reconcile({ intentId: review.intentId });
      if (get().review?.intentId !== review.intentId) return;
      if (!result.ok) {
        set({ submitting: false, submitError: result.error });
        return;
      }
      const { lookup, status } = result.value;
      if (status.state === 'succeeded' && status.outcome)
        set({ submitting: false, outcome: status.outcome, step: 'result', lookup: null });
      else
        set({
          submitting: false,
          lookup: lookup === 'not_found' || status.canRetry ? 'not_found' : null,
          submitError: status.error,
        });
    },

    back() {
      generation += 1;
      set({ step: 'form', review: null, quote: null, submitError: null, notice: null });
      void fetchQuote();
    },

    startOver() {
      generation += 1;
      set((state) => ({ ...initial, symbols: state.symbols }));
      void get().loadSymbols();
    },

    reset() {
      generation += 1;
      set({ ...initial });
    },
  };
});

registerSessionReset(() => useSwapStore.getState().reset());
