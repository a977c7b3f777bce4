import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import { withDeadline } from './deadline';
import { createFallbackSecretStore } from './fallback-secret-store';
import { createKeytarStore, loadKeytar, type KeytarApi } from './keytar-store';
import { createMemoryStore } from './memory-store';
import { KEYCHAIN_SERVICE, type SecretStore } from './secret-store';

export interface CreateSecretStoreOptions {
  /** Loads keytar; tests inject a failing one. */
  readonly loadKeytar?: () => Promise<KeytarApi>;
  readonly service?: string;
  /** A locked keyring can wait forever on an unlock prompt nobody sees; give up after this. */
  readonly probeTimeoutMs?: number;
  /** Deadline of every later keychain call (security 31); tests shorten it. */
  readonly callDeadlineMs?: number;
}

/**
 * The OS keychain if it really works (a probe entry is written, read back and deleted), otherwise a
 * memory store for this run with a warning. Loading keytar alone proves nothing: without a Secret
 * Service, or with a locked or refused keyring, only the first real call fails. A keychain that passes
 * the probe and fails later still falls back to memory (createFallbackSecretStore).
 */
export async function createSecretStore(logger: Logger, options: CreateSecretStoreOptions = {}): Promise<SecretStore> {
  const service = options.service ?? KEYCHAIN_SERVICE;
  try {
    const keytar = await (options.loadKeytar ?? loadKeytar)();
    const store = createKeytarStore(keytar, service);
    await withDeadline(probe(store), options.probeTimeoutMs ?? 10_000, 'the probe');
    return createFallbackSecretStore(store, {
      logger,
      ...(options.callDeadlineMs === undefined ? {} : { deadlineMs: options.callDeadlineMs }),
    });
  } catch (error) {
    logger.warn('OS keychain unavailable; secrets are kept in memory for this run only', {
      reason: describe(error),
    });
    return createMemoryStore();
  }
}

async function probe(store: SecretStore): Promise<void> {
  const account = `probe:${randomUUID()}`;
  const value = randomUUID();
  await store.set(account, value);
  try {
    const readBack = await store.get(account);
    if (readBack !== value) throw new Error('the keychain did not return the value just written');
  } finally {
    await store.delete(account);
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
