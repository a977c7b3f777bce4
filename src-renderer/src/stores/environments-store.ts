import { create } from 'zustand';
import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { EnvironmentsView } from '../../../src-preload/contract/environments';
import type { BridgeError, Result } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { useAppStore } from './app-store';

/**
 * The answer to a check or a save: main's own sentence for a check (already in the language main writes),
 * or the fact of a save, worded when it is shown so a language switch reaches it.
 */
export type EnvironmentsMessage = { readonly kind: 'checked'; readonly text: string } | { readonly kind: 'saved' };

interface EnvironmentsState {
  readonly view: EnvironmentsView | null;
  readonly error: BridgeError | null;
  readonly message: EnvironmentsMessage | null;
  readonly busy: boolean;
  load(): Promise<void>;
  check(input: SignInAddresses): Promise<void>;
  save(input: SignInAddresses): Promise<boolean>;
  /** signOutFirst: the user confirmed that switching signs them out. */
  select(id: EnvironmentId, signOutFirst: boolean): Promise<boolean>;
  clearFeedback(): void;
}

/** Tests a merchant API address without keys (Settings › Merchant API environment); saves nothing. */
export function checkMerchantApi(environment: EnvironmentId, apiUrl: string): Promise<Result<{ message: string }>> {
  return wallet.environments.checkMerchantApi({ environment, apiUrl });
}

export interface SignInAddresses {
  readonly id: EnvironmentId;
  readonly issuer: string;
  readonly clientId: string;
  readonly baseUrl: string;
}

/** Settings › Sign-in environment: the environments main knows, and the outcome of the last check or save. */
export const useEnvironmentsStore = create<EnvironmentsState>()((set, get) => {
  async function run<T>(call: () => Promise<Result<T>>, onValue: (value: T) => Partial<EnvironmentsState>) {
    if (get().busy) return false;
    set({ busy: true, error: null, message: null });
    const result = await call();
    set(result.ok ? { ...onValue(result.value), busy: false } : { error: result.error, busy: false });
    return result.ok;
  }
  return {
    view: null,
    error: null,
    message: null,
    busy: false,
    async load() {
      const result = await wallet.environments.get();
      if (result.ok) set({ view: result.value });
      else set({ error: result.error });
    },
    check: async (input) => {
      await run(
        () => wallet.environments.check(input),
        ({ message }) => ({ message: { kind: 'checked', text: message } }),
      );
    },
    save: (input) =>
      run(
        () => wallet.environments.save(input),
        (view) => ({ view, message: { kind: 'saved' } }),
      ),
    async select(id, signOutFirst) {
      const done = await run(
        () => wallet.environments.select({ id, signOutFirst }),
        (view) => ({ view, message: null }),
      );
      // The environment's name is part of the app's facts (Settings › About, the sign-in screen).
      if (done) await useAppStore.getState().load();
      return done;
    },
    clearFeedback: () => set({ error: null, message: null }),
  };
});
