import { create } from 'zustand';
import type { EnvironmentId } from '../../../src-preload/contract/app';
import type {
  AssetForm,
  CallbackCheckResult,
  MerchantBalanceRow,
  MerchantDepositAddressView,
  MerchantOverview,
  PendingVerificationView,
  VerifiedAddress,
} from '../../../src-preload/contract/merchant';
import type { InputOf } from '../../../src-preload/contract';
import type { BridgeError, Result } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { secretKeyPlace } from './secret-key-place';
import { registerSessionReset } from './session-reset';
import { useWithdrawStore } from './withdraw-store';

export type MerchantSection = 'keys' | 'balances' | 'verified' | 'withdraw' | 'deposits' | 'callback';

/** What one section last reported: an error, or a plain-language success message. */
interface Feedback {
  readonly error: BridgeError | null;
  readonly message: string | null;
}

const none: Feedback = { error: null, message: null };

interface MerchantState {
  readonly section: MerchantSection;
  readonly overview: MerchantOverview | null;
  readonly balances: MerchantBalanceRow[] | null;
  readonly verified: { referenceId: string; addresses: VerifiedAddress[] } | null;
  readonly pending: PendingVerificationView[];
  readonly deposit: MerchantDepositAddressView | null;
  readonly callback: CallbackCheckResult | null;
  /** How the last amount confirmation went, to word its message as success or failure. */
  readonly lastVerification: 'verified' | 'wrong-amount' | null;
  /** Feedback per section, so an error shows where it happened. */
  readonly feedback: Record<MerchantSection, Feedback>;
  /** Operations in flight, so their buttons are disabled (no double submit). */
  readonly busy: ReadonlySet<string>;

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
  loadVerified(referenceId: string): Promise<void>;
  loadPending(): Promise<void>;
  startVerification(input: InputOf<'merchant.verifyStart'>): Promise<boolean>;
  confirmVerification(id: string, amount: string): Promise<boolean>;
  restartVerification(id: string): Promise<void>;
  discardVerification(id: string): Promise<void>;
  /** The user changed the input the section's error was about, so the error no longer applies. */
  clearError(section: MerchantSection): void;
  createDeposit(input: InputOf<'merchant.depositCreate'>): Promise<void>;
  getDeposit(input: InputOf<'merchant.depositGet'>): Promise<void>;
  checkCallback(body: string, signatureHeader: string): Promise<void>;
  /** Empties everything merchant from the page: on lock, sign-out and account change (security.md 30). */
  reset(): void;
}

const initial = {
  section: 'keys' as MerchantSection,
  overview: null,
  balances: null,
  verified: null,
  pending: [],
  deposit: null,
  callback: null,
  lastVerification: null,
  feedback: { keys: none, balances: none, verified: none, withdraw: none, deposits: none, callback: none },
  busy: new Set<string>(),
} satisfies Partial<MerchantState>;

/** Bumped by reset(), so an answer that arrives after a lock or sign-out is dropped, not shown. */
let generation = 0;

export const useMerchantStore = create<MerchantState>()((set, get) => {
  /** Runs one bridge call with its busy flag and puts its error or message under its section. */
  async function run<T>(
    key: string,
    section: MerchantSection,
    call: () => Promise<Result<T>>,
    onValue: (value: T) => Partial<MerchantState> & { message?: string },
  ): Promise<boolean> {
    if (get().busy.has(key)) return false;
    const mine = generation;
    set((state) => ({
      busy: new Set(state.busy).add(key),
      feedback: { ...state.feedback, [section]: none },
      ...(section === 'verified' ? { lastVerification: null } : {}),
    }));
    const result = await call();
    if (mine !== generation) return false;
    set((state) => {
      const busy = new Set(state.busy);
      busy.delete(key);
      if (!result.ok)
        return { busy, feedback: { ...state.feedback, [section]: { error: result.error, message: null } } };
      const { message, ...changes } = onValue(result.value);
      return {
        ...changes,
        busy,
        feedback: { ...state.feedback, [section]: { error: null, message: message ?? null } },
      };
    });
    return result.ok;
  }

  return {
    ...initial,

    show: (section) => set({ section }),
    clearError: (section) =>
      set((state) => (state.feedback[section].error ? { feedback: { ...state.feedback, [section]: none } } : {})),
    async load() {
      await run(
        'load',
        'keys',
        () => wallet.merchant.getSettings(),
        (overview) => ({ overview }),
      );
      await get().loadPending();
    },
    async setEnvironment(environment) {
      await run(
        'environment',
        'keys',
        () => wallet.merchant.setEnvironment({ environment }),
        (overview) => {
          // A withdrawal under review was confirmed with the other environment's keys.
          useWithdrawStore.getState().startOver();
          return {
            overview,
            balances: null,
            verified: null,
            deposit: null,
            callback: null,
          };
        },
      );
    },
    setApiUrl: (environment, apiUrl) =>
      run(
        'apiUrl',
        'keys',
        () => wallet.merchant.setApiUrl({ environment, apiUrl }),
        (overview) => ({ overview, message: 'API address saved.' }),
      ),
    saveKeys: (environment, publicKey, secretKey) =>
      run(
        'saveKeys',
        'keys',
        () => wallet.merchant.saveKeys({ environment, publicKey, secretKey }),
        (overview) => ({
          overview,
          message: `Keys saved. The secret key is ${secretKeyPlace(overview.keychain)} and cannot be shown again.`,
        }),
      ),
    async deleteKeys(environment) {
      await run(
        'deleteKeys',
        'keys',
        () => wallet.merchant.deleteKeys({ environment }),
        (overview) => ({ overview, message: 'Keys deleted.' }),
      );
    },
    generateSigningKey: (environment) =>
      run(
        'signing',
        'keys',
        () => wallet.merchant.signingGenerate({ environment }),
        (overview) => ({
          overview,
          message: `Key pair generated. The private key is ${secretKeyPlace(overview.keychain)}. Register the public key with the service, then turn signing on.`,
        }),
      ),
    importSigningKey: (environment, privateKeyPem) =>
      run(
        'signing',
        'keys',
        () => wallet.merchant.signingImport({ environment, privateKeyPem }),
        (overview) => ({
          overview,
          message: `Private key imported. It is ${secretKeyPlace(overview.keychain)} and cannot be shown again.`,
        }),
      ),
    async setSigningEnabled(environment, enabled) {
      await run(
        'signing',
        'keys',
        () => wallet.merchant.signingSetEnabled({ environment, enabled }),
        (overview) => ({
          overview,
          message: enabled ? 'Requests are now signed (X-Signature).' : 'Requests are no longer signed.',
        }),
      );
    },
    async removeSigningKey(environment) {
      await run(
        'signing',
        'keys',
        () => wallet.merchant.signingRemove({ environment }),
        (overview) => ({ overview, message: 'Signing key deleted; requests are not signed.' }),
      );
    },
    async testConnection() {
      await run(
        'test',
        'keys',
        () => wallet.merchant.testConnection(),
        (value) => ({ message: value.message }),
      );
    },
    async setAssetForm(environment, assetForm) {
      await run(
        'assetForm',
        'keys',
        () => wallet.merchant.setAssetForm({ environment, assetForm }),
        (overview) => ({ overview, message: 'Saved: requests name assets this way from now on.' }),
      );
    },
    async setAllowUnverified(allow) {
      await run(
        'allowUnverified',
        'withdraw',
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
    async loadVerified(referenceId) {
      await run(
        'verified',
        'verified',
        () => wallet.merchant.verifiedList({ referenceId }),
        (addresses) => ({ verified: { referenceId, addresses } }),
      );
    },
    async loadPending() {
      await run(
        'pending',
        'verified',
        () => wallet.merchant.verifyPending(),
        (pending) => ({ pending }),
      );
    },
    async startVerification(input) {
      const started = await run(
        'verifyStart',
        'verified',
        () => wallet.merchant.verifyStart(input),
        (view) => ({
          pending: [...get().pending.filter((p) => p.id !== view.id), view],
          message: `The service sent a small amount of ${view.code} to ${view.address}. When it arrives, enter the exact amount received below.`,
        }),
      );
      if (started) await get().loadPending();
      return started;
    },
    confirmVerification: (id, amount) =>
      run(
        `confirm:${id}`,
        'verified',
        () => wallet.merchant.verifyConfirm({ id, amount }),
        (result) => ({
          pending: result.pending,
          message: result.message,
          lastVerification: result.verified ? 'verified' : 'wrong-amount',
        }),
      ).then(async (ok) => {
        const verified = get().verified;
        if (ok && verified && get().lastVerification === 'verified') await get().loadVerified(verified.referenceId);
        return ok;
      }),
    async restartVerification(id) {
      await run(
        `restart:${id}`,
        'verified',
        () => wallet.merchant.verifyRestart({ id }),
        () => ({
          message: 'Verification started again: a new small amount is on its way.',
        }),
      );
      await get().loadPending();
    },
    async discardVerification(id) {
      await run(
        `discard:${id}`,
        'verified',
        () => wallet.merchant.verifyDiscard({ id }),
        (pending) => ({ pending }),
      );
    },
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
    async checkCallback(body, signatureHeader) {
      await run(
        'callback',
        'callback',
        () =>
          wallet.merchant.callbackCheck(
            signatureHeader.trim() === '' ? { body } : { body, signatureHeader: signatureHeader.trim() },
          ),
        (callback) => ({ callback }),
      );
    },
    reset() {
      generation += 1;
      set({ ...initial, busy: new Set() });
    },
  };
});

registerSessionReset(() => useMerchantStore.getState().reset());
