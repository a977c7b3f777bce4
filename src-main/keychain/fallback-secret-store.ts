import type { Logger } from '../logging/logger';
import { withDeadline } from './deadline';
import { createMemoryStore } from './memory-store';
import type { SecretStore } from './secret-store';

/**
 * How long one keychain call may take. Long enough for a busy Secret Service over D-Bus, short enough
 * that sign-in, refresh and sign-out never wait on a keychain that has stopped answering.
 */
export const KEYCHAIN_CALL_DEADLINE_MS = 4_000;

export interface FallbackSecretStoreOptions {
  readonly logger: Logger;
  /** Deadline of each keychain call; tests use a few milliseconds. */
  readonly deadlineMs?: number;
}

/**
 * The OS keychain with a deadline on every call and a memory fallback (security 31, 20). The first call
 * that fails or misses its deadline gives the keychain up for the rest of the run: that call and every
 * later one are served from memory, and the store reports kind 'memory' so the app says so.
 *
 * Nothing is lost by the switch: every value this run has read from or written to the keychain is also
 * kept in memory (the app holds it in memory while using it anyway), so a rotated refresh token whose
 * write failed, or a merchant key read earlier, stays usable until the app quits.
 */
export function createFallbackSecretStore(keychain: SecretStore, options: FallbackSecretStoreOptions): SecretStore {
  const deadlineMs = options.deadlineMs ?? KEYCHAIN_CALL_DEADLINE_MS;
  const memory = createMemoryStore();
  const listeners = new Set<() => void>();
  let givenUp = false;

  function giveUp(operation: string, error: unknown): void {
    if (givenUp) return;
    givenUp = true;
    options.logger.warn('OS keychain failed mid-run; secrets are kept in memory for the rest of this run', {
      operation,
      reason: (error instanceof Error ? error.message : String(error)).slice(0, 300),
    });
    for (const listener of listeners) listener();
  }

  /**
   * Runs one keychain call under the deadline and mirrors its outcome into memory. When the keychain was
   * given up (before or while the call ran), memory answers instead, so the caller never sees a keychain
   * error and never waits past the deadline.
   */
  async function call<T>(
    operation: string,
    onKeychain: () => Promise<T>,
    mirror: (result: T) => Promise<unknown>,
    fromMemory: () => Promise<T>,
  ): Promise<T> {
    if (givenUp) return fromMemory();
    try {
      const result = await withDeadline(onKeychain(), deadlineMs, operation);
      // Another call gave the keychain up while this one ran: memory is the truth from now on.
      if (givenUp) return fromMemory();
      await mirror(result);
      return result;
    } catch (error) {
      giveUp(operation, error);
      return fromMemory();
    }
  }

  return {
    get kind() {
      return givenUp ? 'memory' : 'keychain';
    },
    get: (account) =>
      call(
        'get',
        () => keychain.get(account),
        (secret) => (secret === null ? memory.delete(account) : memory.set(account, secret)),
        () => memory.get(account),
      ),
    set: (account, secret) =>
      call(
        'set',
        () => keychain.set(account, secret),
        () => memory.set(account, secret),
        () => memory.set(account, secret),
      ),
    delete: (account) =>
      call(
        'delete',
        () => keychain.delete(account),
        () => memory.delete(account),
        // The keychain may still hold the entry; callers revoke tokens before deleting them (security 17),
        // so what is left behind is refused by the issuer and cleared at the next launch.
        () => memory.delete(account),
      ),
    onFallbackToMemory(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
