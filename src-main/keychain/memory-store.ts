import type { SecretStore } from './secret-store';

/**
 * Used when no keychain is usable: secrets live in this process only and are gone when the app quits,
 * so nothing is ever written to disk in their place (security requirement 20).
 */
export function createMemoryStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret);
    },
    delete: async (account) => secrets.delete(account),
  };
}
