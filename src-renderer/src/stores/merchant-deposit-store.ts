import type { InputOf } from '../../../src-preload/contract';
import type { MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import { wallet } from '../bridge';
import { createRun, none, withoutError, type RunState } from './merchant-run';
import { createSessionStore } from './session-reset';

type DepositSection = 'deposits';

interface MerchantDepositState extends RunState<DepositSection> {
  /** The deposit address last created or looked up. */
  readonly deposit: MerchantDepositAddressView | null;

  createDeposit(input: InputOf<'merchant.depositCreate'>): Promise<void>;
  getDeposit(input: InputOf<'merchant.depositGet'>): Promise<void>;
  clearError(section: DepositSection): void;
  /** An address shown belonged to the other merchant environment. */
  clearForEnvironment(): void;
}

const initial = {
  deposit: null,
  feedback: { deposits: none },
  busy: new Set<string>(),
} satisfies Partial<MerchantDepositState>;

/** Merchant deposit addresses (Interface B): create one with its callback URL, or look one up. */
export const useMerchantDepositStore = createSessionStore<MerchantDepositState>((set, get, _store, generation) => {
  // A new create or look-up takes the last address off the screen at once: shown under its failure, it would
  // read as the answer.
  const run = createRun<DepositSection, MerchantDepositState>(set, get, generation.current, () => ({ deposit: null }));
  return {
    ...initial,
    async createDeposit(input) {
      await run(
        'depositCreate',
        'deposits',
        () => wallet.merchant.depositCreate(input),
        (deposit) => ({ deposit }),
      );
    },
    async getDeposit(input) {
      await run(
        'depositGet',
        'deposits',
        () => wallet.merchant.depositGet(input),
        (deposit) => ({ deposit }),
      );
    },
    clearError: (section) => set((state) => withoutError(state, section)),
    clearForEnvironment: () => set({ deposit: null }),
  };
});
