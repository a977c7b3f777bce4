import type { InputOf } from '../../../src-preload/contract';
import type {
  CallbackCheckResult,
  PendingVerificationView,
  VerifiedAddress,
} from '../../../src-preload/contract/merchant';
import { wallet } from '../bridge';
import { createRun, none, withoutError, type RunState } from './merchant-run';
import { createSessionStore } from './session-reset';

type VerificationSection = 'verified' | 'callback';

interface MerchantVerificationState extends RunState<VerificationSection> {
  /** The addresses the service lists as verified under one member reference. */
  readonly verified: { referenceId: string; addresses: VerifiedAddress[] } | null;
  /** Started verifications waiting for the amount the user received. */
  readonly pending: PendingVerificationView[];
  /** How the last amount confirmation went, to word its message as success or failure. */
  readonly lastVerification: 'verified' | 'wrong-amount' | null;
  /** The callback checker's verdict on the last body pasted (its signature and what it proves). */
  readonly callback: CallbackCheckResult | null;

  loadVerified(referenceId: string): Promise<void>;
  loadPending(): Promise<void>;
  startVerification(input: InputOf<'merchant.verifyStart'>): Promise<boolean>;
  confirmVerification(id: string, amount: string): Promise<boolean>;
  restartVerification(id: string): Promise<void>;
  discardVerification(id: string): Promise<void>;
  checkCallback(body: string, signatureHeader: string): Promise<void>;
  /** The user changed the input the section's error was about, so the error no longer applies. */
  clearError(section: VerificationSection): void;
  /** What belonged to the other merchant environment's keys: its verified list and callback verdict. */
  clearForEnvironment(): void;
}

const initial = {
  verified: null,
  pending: [],
  lastVerification: null,
  callback: null,
  feedback: { verified: none, callback: none },
  busy: new Set<string>(),
} satisfies Partial<MerchantVerificationState>;

/**
 * Proving a withdrawal address (the small amount the service sends to it) and checking deposit callbacks
 * (their signature against the stored secret key): what the merchant screen verifies.
 */
export const useMerchantVerificationStore = createSessionStore<MerchantVerificationState>(
  (set, get, _store, generation) => {
    const run = createRun<VerificationSection, MerchantVerificationState>(
      set,
      get,
      generation.current,
      // A new check takes the last verdict off the screen: under a failure it would read as the answer.
      (section) => (section === 'verified' ? { lastVerification: null } : { callback: null }),
    );
    return {
      ...initial,
      async loadVerified(referenceId) {
        // Another member's list, shown while this one loads or under its failure, would read as this member's.
        if (get().verified?.referenceId !== referenceId) set({ verified: null });
        const listed = await run(
          'verified',
          'verified',
          () => wallet.merchant.verifiedList({ referenceId }),
          (addresses) => ({ verified: { referenceId, addresses } }),
        );
        if (!listed && get().feedback.verified.error !== null) set({ verified: null });
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
            message: { id: 'merchant.verify.started', values: { code: view.code, address: view.address } },
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
            message: { id: 'merchant.verify.restarted' },
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
      clearError: (section) => set((state) => withoutError(state, section)),
      clearForEnvironment: () => set({ verified: null, callback: null }),
    };
  },
);
