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
import { t } from '../i18n/text';
import { cryptoFromUsd, knownPrice } from '../format/fiat-conversion';
import {
  createMoneyIntentActions,
  initialMoneyIntentState,
  type MoneyIntentActions,
  type MoneyIntentState,
  reviewEntered,
  type MoneyStep,
} from './money-intent';
import { createSessionStore } from './session-reset';
import { onSettled } from './settled-events';

/**
 * form → (precheck) → review → result, or → unknown when the answer was lost (see money-intent.ts for the
 * shared execute / reconcile / retry part).
 */
export type SendStep = MoneyStep;

export interface SendForm {
  readonly code: string;
  readonly address: string;
  readonly amount: string;
  readonly isMax: boolean;
  readonly feeRate: FeeRate;
  readonly description: string;
  /** What the user types the amount in; the amount sent is always `amount`, in crypto. */
  readonly entry: 'crypto' | 'usd';
  /** The USD amount typed while entry is 'usd' (exact decimal text); `amount` follows from it. */
  readonly usdAmount: string;
  /** The user's tick that they checked an address the app cannot check; it belongs to one precheck. */
  readonly uncheckedAddressConfirmed: boolean;
}

interface SendState extends MoneyIntentState<SendReview, SendOutcome, SendStatus>, MoneyIntentActions<SendReview> {
  readonly assets: SendAsset[] | null;
  readonly assetsError: BridgeError | null;
  readonly form: SendForm;
  readonly precheck: SendPrecheck | null;
  readonly prechecking: boolean;
  readonly precheckError: BridgeError | null;
  readonly confirming: boolean;
  readonly confirmError: BridgeError | null;

  loadAssets(): Promise<void>;
  edit(change: Partial<Omit<SendForm, 'isMax'>>): void;
  chooseFee(feeRate: FeeRate): void;
  check(): Promise<void>;
  chooseMax(): Promise<void>;
  confirm(): Promise<void>;
  back(): void;
  startOver(): void;
}

const emptyForm: SendForm = {
  code: '',
  address: '',
  amount: '',
  isMax: false,
  feeRate: 1,
  description: '',
  entry: 'crypto',
  usdAmount: '',
  uncheckedAddressConfirmed: false,
};

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
  ...initialMoneyIntentState,
};

/**
 * While the amount is typed in USD, the crypto amount to send follows from the wallet's price (the price
 * Home shows, GET /wallets); without a known price there is nothing to send in USD.
 */
function withUsdEntry(form: SendForm, assets: readonly SendAsset[] | null): SendForm {
  if (form.entry !== 'usd') return form;
  const price = assets?.find((asset) => asset.code === form.code)?.priceUsd;
  if (form.code === '' || !knownPrice(price)) return { ...form, entry: 'crypto', usdAmount: '' };
  return { ...form, amount: cryptoFromUsd(form.usdAmount, price, form.code) };
}

export const useSendStore = createSessionStore<SendState>((set, get, _store, generation) => {
  async function precheck(amount: string): Promise<void> {
    const { form } = get();
    if (form.code === '') {
      set({ precheckError: { code: 'bad_input', message: t('send.store.chooseAsset'), field: 'code' } });
      return;
    }
    const mine = generation.next();
    set({ prechecking: true, precheckError: null, precheck: null });
    const result = await wallet.send.precheck({
      code: form.code,
      address: form.address,
      amount,
      ...(amount === 'max' ? { maxFeeRate: form.feeRate } : {}),
    });
    if (!generation.isCurrent(mine)) return;
    if (!result.ok) {
      set({ prechecking: false, precheckError: result.error });
      return;
    }
    const value = result.value;
    set((state) => ({
      prechecking: false,
      precheck: value,
      // Main may normalise the address (bech32 lower case) and computes Max: show what it checked.
      form: {
        ...state.form,
        address: value.address,
        amount: value.amount,
        isMax: value.isMax,
        uncheckedAddressConfirmed: false,
      },
    }));
  }

  const intent = createMoneyIntentActions<SendReview, SendOutcome, SendStatus>({
    api: wallet.send,
    set: (partial) => set(partial),
    get,
    invalidate: () => {
      generation.next();
    },
    onStale: (error) => {
      // Fees shown are too old to send with: back to the form, which checks them again.
      generation.next();
      set({ submitting: false, step: 'form', review: null, precheck: null, precheckError: error });
    },
  });

  return {
    ...initial,

    ...intent,

    async loadAssets() {
      const result = await wallet.send.assets();
      if (result.ok) set({ assets: result.value, assetsError: null });
      else set({ assetsError: result.error });
    },

    edit(change) {
      const onlyDescription = Object.keys(change).every(
        (key) => key === 'description' || key === 'uncheckedAddressConfirmed',
      );
      if (onlyDescription) {
        set((state) => ({ form: { ...state.form, ...change } }));
        return;
      }
      generation.next();
      // Any change of asset, address or amount makes the precheck worthless (security.md 25).
      set((state) => ({
        form: withUsdEntry({ ...state.form, ...change, isMax: false }, state.assets),
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
      // Max is an amount of the asset: the field shows it in crypto.
      set((state) => ({ form: { ...state.form, isMax: true, entry: 'crypto' } }));
      await precheck('max');
    },

    async confirm() {
      const { precheck: checked, form, confirming } = get();
      if (!checked || confirming) return;
      set({ confirming: true, confirmError: null });
      const description = form.description.trim();
      const acknowledgedIntentIds = get().acknowledgedIds();
      const result = await wallet.send.confirm({
        precheckId: checked.precheckId,
        feeRate: form.feeRate,
        ...(description ? { description } : {}),
        ...(checked.addressChecked ? {} : { uncheckedAddressConfirmed: form.uncheckedAddressConfirmed }),
        // Main refuses a new send beside an unknown one the user has not acknowledged (security.md 27).
        ...(acknowledgedIntentIds.length > 0 ? { acknowledgedIntentIds } : {}),
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
      set({ confirming: false, ...reviewEntered(result.value) });
    },

    back() {
      // Leaving the review drops its precheck: anything changed from here is checked again.
      generation.next();
      set({ step: 'form', review: null, precheck: null, submitError: null, confirmError: null, refused: false });
    },

    startOver() {
      generation.next();
      // A new form: an acknowledgement given for the last one does not carry over (security.md 27).
      set((state) => ({ ...initial, assets: state.assets }));
      void get().loadAssets();
      void get().loadUnresolved();
    },
  };
});

onSettled('send', (intentIds) => useSendStore.getState().settledInBackground(intentIds));
