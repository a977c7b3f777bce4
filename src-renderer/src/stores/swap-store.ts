import type {
  SwapOutcome,
  SwapQuote,
  SwapReview,
  SwapStatus,
  SwapSymbolsView,
} from '../../../src-preload/contract/swap';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { t } from '../i18n/text';
import {
  createMoneyIntentActions,
  initialMoneyIntentState,
  type MoneyIntentActions,
  type MoneyIntentState,
  type MoneyStep,
} from './money-intent';
import { createSessionStore } from './session-reset';
import { onSettled } from './settled-events';

/** The shared execute / reconcile / retry part is in money-intent.ts. */
export type SwapStep = MoneyStep;

export interface SwapForm {
  readonly fromSymbol: string;
  readonly fromNetwork: string;
  readonly toSymbol: string;
  readonly toNetwork: string;
  readonly amount: string;
  readonly isUsdInput: boolean;
}

interface SwapState extends MoneyIntentState<SwapReview, SwapOutcome, SwapStatus>, MoneyIntentActions<SwapReview> {
  readonly symbols: SwapSymbolsView | null;
  readonly symbolsError: BridgeError | null;
  readonly form: SwapForm;
  readonly quote: SwapQuote | null;
  readonly quoting: boolean;
  readonly quoteError: BridgeError | null;
  readonly confirming: boolean;
  /** Told to the user when an expired quote was replaced by a fresh one before anything was sent. */
  readonly notice: string | null;
  /** After "Refresh quote": what the fresh quote says differently from the expired one (empty: nothing). */
  readonly changes: readonly QuoteChange[] | null;

  loadSymbols(): Promise<void>;
  edit(change: Partial<SwapForm>): void;
  refreshQuote(): Promise<void>;
  /** On the review of an expired quote: a fresh quote replaces it, and what changed is kept to be shown. */
  refreshReview(): Promise<void>;
  confirm(): Promise<void>;
  back(): void;
  startOver(): void;
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
  notice: null,
  changes: null,
  ...initialMoneyIntentState,
};

const AMOUNT = /^\d+(\.\d{1,18})?$/;
/** Equal as numbers, whatever trailing zeros each text carries. */
function sameDecimal(a: string, b: string): boolean {
  const norm = (text: string) => {
    const [whole = '', fraction = ''] = text.trim().split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}

export interface QuoteChange {
  readonly what: 'You send' | 'You receive' | 'Rate';
  readonly before: string;
  readonly after: string;
  readonly code: string;
}

/** The figures of two quotes that differ, as the review names them. */
export function quoteChanges(before: SwapQuote, after: SwapQuote): QuoteChange[] {
  const figures = [
    ['You send', 'cryptoAmount', before.fromSymbol],
    ['You receive', 'toAmount', before.toSymbol],
    ['Rate', 'rate', before.toSymbol],
  ] as const;
  return figures.flatMap(([what, field, code]) =>
    sameDecimal(before[field], after[field]) ? [] : [{ what, before: before[field], after: after[field], code }],
  );
}

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

export const useSwapStore = createSessionStore<SwapState>((set, get, _store, generation) => {
  async function fetchQuote(): Promise<SwapQuote | null> {
    const { form } = get();
    if (!complete(form)) {
      set({ quote: null, quoting: false, quoteError: null });
      return null;
    }
    const mine = generation.next();
    set({ quoting: true, quoteError: null });
    const result = await wallet.swap.quote({ ...form, amount: form.amount.trim() });
    if (!generation.isCurrent(mine)) return null;
    if (!result.ok) {
      set({ quoting: false, quote: null, quoteError: result.error });
      return null;
    }
    set({ quoting: false, quote: result.value });
    return result.value;
  }

  /**
   * Gives up the swap on review in main, so it can never be sent once the review no longer shows it (a
   * refreshed quote, Back). False, with the reason shown, when main would not: nothing new may start then.
   */
  async function cancelReviewed(review: SwapReview): Promise<boolean> {
    const cancelled = await wallet.swap.cancel({ intentId: review.intentId });
    if (cancelled.ok) return true;
    set({ submitting: false, submitError: cancelled.error });
    return false;
  }

  /**
   * A fresh quote for the same input, confirmed again: the user sees the new amounts before any swap. The
   * swap it replaces is cancelled first, so the old quote can never be sent beside the new one.
   */
  async function renew(reason: string): Promise<void> {
    const old = get().review;
    if (old && !(await cancelReviewed(old))) return;
    const quote = await fetchQuote();
    if (!quote) {
      set({ submitting: false, step: 'form', review: null, notice: reason });
      return;
    }
    const acknowledgedIntentIds = get().acknowledgedIds();
    const confirmed = await wallet.swap.confirm({
      quoteId: quote.quoteId,
      ...(acknowledgedIntentIds.length > 0 ? { acknowledgedIntentIds } : {}),
    });
    if (!confirmed.ok) {
      set({ submitting: false, step: 'form', review: null, submitError: confirmed.error });
      return;
    }
    set({ submitting: false, review: confirmed.value, notice: reason, submitError: null });
  }

  const intent = createMoneyIntentActions<SwapReview, SwapOutcome, SwapStatus>({
    api: wallet.swap,
    set: (partial) => set(partial),
    get,
    invalidate: () => {
      generation.next();
    },
    clearExtras: () => set({ notice: null, changes: null }),
    beforeExecute: async (review) => {
      if (!isExpired(review)) return false;
      await renew(t('swap.store.expired'));
      return true;
    },
    onStale: () => renew(t('swap.store.expiredBeforeSent')),
  });

  return {
    ...initial,

    ...intent,

    async loadSymbols() {
      const result = await wallet.swap.symbols();
      if (result.ok) set({ symbols: result.value, symbolsError: null });
      else set({ symbolsError: result.error });
    },

    edit(change) {
      generation.next();
      set((state) => ({ form: { ...state.form, ...change }, quote: null, quoteError: null, quoting: false }));
    },

    refreshQuote: async () => {
      await fetchQuote();
    },

    async refreshReview() {
      const before = get().review;
      if (!before || get().submitting) return;
      set({ submitting: true, changes: null });
      await renew(t('swap.store.refreshed'));
      const after = get().review;
      if (after && after.intentId !== before.intentId) set({ changes: quoteChanges(before, after) });
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
      const acknowledgedIntentIds = get().acknowledgedIds();
      const result = await wallet.swap.confirm({
        quoteId: current.quoteId,
        // Main refuses a new swap beside an unknown one the user has not acknowledged (security.md 27).
        ...(acknowledgedIntentIds.length > 0 ? { acknowledgedIntentIds } : {}),
      });
      if (!result.ok) {
        set({ confirming: false, quoteError: result.error });
        if (result.error.code === 'stale_precheck') await fetchQuote();
        return;
      }
      set({ confirming: false, review: result.value, step: 'review', refused: false });
    },

    back() {
      generation.next();
      // The review is left: its swap is given up in main (a refused one too), never sent later.
      const left = get().review;
      if (left) void wallet.swap.cancel({ intentId: left.intentId });
      set({
        step: 'form',
        review: null,
        quote: null,
        submitError: null,
        notice: null,
        changes: null,
        refused: false,
      });
      void fetchQuote();
    },

    startOver() {
      generation.next();
      // A new form: an acknowledgement given for the last one does not carry over (security.md 27).
      set((state) => ({ ...initial, symbols: state.symbols }));
      void get().loadSymbols();
      void get().loadUnresolved();
    },
  };
});

onSettled('swap', (intentIds) => useSwapStore.getState().settledInBackground(intentIds));
