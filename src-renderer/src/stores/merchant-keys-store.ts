import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { AssetForm, MerchantBalanceRow, MerchantOverview } from '../../../src-preload/contract/merchant';
import { wallet } from '../bridge';
import { useMerchantDepositStore } from './merchant-deposit-store';
import { createRun, none, withoutError, type RunState } from './merchant-run';
import { useMerchantVerificationStore } from './merchant-verification-store';
import { createSessionStore } from './session-reset';
import { useWithdrawStore } from './withdraw-store';

export type MerchantSection = 'keys' | 'balances' | 'verified' | 'withdraw' | 'deposits' | 'callback';

/**
 * The sections whose feedback this store keeps; allowUnverified is shown on the Withdraw tab, and test is
 * the answer of "Test connection", shown beside that button.
 */
type KeysSection = 'keys' | 'test' | 'balances' | 'allowUnverified';

interface MerchantKeysState extends RunState<KeysSection> {
  readonly section: MerchantSection;
  readonly overview: MerchantOverview | null;
  readonly balances: MerchantBalanceRow[] | null;

  show(section: MerchantSection): void;
  load(): Promise<void>;
  setEnvironment(environment: EnvironmentId): Promise<void>;
  setApiUrl(environment: EnvironmentId, apiUrl: string): Promise<boolean>;
  saveKeys(environment: EnvironmentId, publicKey: string, secretKey: string): Promise<boolean>;
  deleteKeys(environment: EnvironmentId): Promise<void>;
  generateSigningKey(environment: EnvironmentId): Promise<boolean>;
  /** Sends the pasted private key to main once; it never comes back. */
  importSigningKey(environment: EnvironmentId, privateKeyPem: string): Promise<boolean>;
  setSigningEnabled(environment: EnvironmentId, enabled: boolean): Promise<void>;
  removeSigningKey(environment: EnvironmentId): Promise<void>;
  testConnection(): Promise<void>;
  setAllowUnverified(allow: boolean): Promise<void>;
  setAssetForm(environment: EnvironmentId, assetForm: AssetForm): Promise<void>;
  loadBalances(): Promise<void>;
  /** The user changed the input the section's error was about, so the error no longer applies. */
  clearError(section: KeysSection): void;
}

const initial = {
  section: 'keys' as MerchantSection,
  overview: null,
  balances: null,
  feedback: { keys: none, test: none, balances: none, allowUnverified: none },
  busy: new Set<string>(),
} satisfies Partial<MerchantKeysState>;

/**
 * The merchant screen's own state (which tab) and the merchant's keys and settings (MerchantOverview:
 * environment, API address, keys, request signing, asset naming, unverified addresses), with the balances
 * those keys read. Verification, deposits and withdrawals have their own stores.
 */
export const useMerchantKeysStore = createSessionStore<MerchantKeysState>((set, get, _store, generation) => {
  // A change to the keys or their environment makes the last test's answer about keys no longer in use.
  const run = createRun<KeysSection, MerchantKeysState>(set, get, generation.current, (section, state) =>
    section === 'keys' ? { feedback: { ...state.feedback, keys: none, test: none } } : {},
  );

  return {
    ...initial,

    show: (section) => set({ section }),
    clearError: (section) => set((state) => withoutError(state, section)),
    async load() {
      const mine = generation.current();
      await run(
        'load',
        'keys',
        () => wallet.merchant.getSettings(),
        (overview) => ({ overview }),
      );
      // Not for a session that has ended since: the next one loads its own.
      if (generation.isCurrent(mine)) await useMerchantVerificationStore.getState().loadPending();
    },
    async setEnvironment(environment) {
      await run(
        'environment',
        'keys',
        () => wallet.merchant.setEnvironment({ environment }),
        (overview) => {
          // What was read or confirmed with the other environment's keys no longer applies: its balances,
          // verified list and callback verdict, a deposit address shown, a withdrawal under review.
          useMerchantVerificationStore.getState().clearForEnvironment();
          useMerchantDepositStore.getState().clearForEnvironment();
          useWithdrawStore.getState().startOver();
          return { overview, balances: null };
        },
      );
    },
    setApiUrl: (environment, apiUrl) =>
      run(
        'apiUrl',
        'keys',
        () => wallet.merchant.setApiUrl({ environment, apiUrl }),
        (overview) => ({ overview, message: { id: 'merchant.keys.apiAddress.saved' } }),
      ),
    saveKeys: (environment, publicKey, secretKey) =>
      run(
        'saveKeys',
        'keys',
        () => wallet.merchant.saveKeys({ environment, publicKey, secretKey }),
        (overview) => ({
          overview,
          // Without a usable OS keychain main keeps the key in memory (src-main/keychain/memory-store.ts):
          // claiming the keychain would promise it survives a restart.
          message: { id: 'merchant.keys.saved', values: { keychain: overview.keychain } },
        }),
      ),
    async deleteKeys(environment) {
      await run(
        'deleteKeys',
        'keys',
        () => wallet.merchant.deleteKeys({ environment }),
        (overview) => ({ overview, message: { id: 'merchant.keys.deleted' } }),
      );
    },
    generateSigningKey: (environment) =>
      run(
        'signing',
        'keys',
        () => wallet.merchant.signingGenerate({ environment }),
        (overview) => ({
          overview,
          message: { id: 'merchant.signing.generated', values: { keychain: overview.keychain } },
        }),
      ),
    importSigningKey: (environment, privateKeyPem) =>
      run(
        'signing',
        'keys',
        () => wallet.merchant.signingImport({ environment, privateKeyPem }),
        (overview) => ({
          overview,
          message: { id: 'merchant.signing.imported', values: { keychain: overview.keychain } },
        }),
      ),
    async setSigningEnabled(environment, enabled) {
      await run(
        'signing',
        'keys',
        () => wallet.merchant.signingSetEnabled({ environment, enabled }),
        (overview) => ({
          overview,
          message: { id: enabled ? 'merchant.signing.on' : 'merchant.signing.off' },
        }),
      );
    },
    async removeSigningKey(environment) {
      await run(
        'signing',
        'keys',
        () => wallet.merchant.signingRemove({ environment }),
        (overview) => ({ overview, message: { id: 'merchant.signing.deleted' } }),
      );
    },
    async testConnection() {
      await run(
        'test',
        'test',
        () => wallet.merchant.testConnection(),
        (value) => ({ message: value.message }),
      );
    },
    async setAssetForm(environment, assetForm) {
      await run(
        'assetForm',
        'keys',
        () => wallet.merchant.setAssetForm({ environment, assetForm }),
        (overview) => ({ overview, message: { id: 'merchant.assetForm.saved' } }),
      );
    },
    async setAllowUnverified(allow) {
      await run(
        'allowUnverified',
        'allowUnverified',
        () => wallet.merchant.setAllowUnverified({ allow }),
        (overview) => ({ overview }),
      );
    },
    async loadBalances() {
      await run(
        'balances',
        'balances',
        () => wallet.merchant.balances(),
        (balances) => ({ balances }),
      );
    },
  };
});
