import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAtMs: number;
}

const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * Storage for one provider instance. oidc-provider's built-in memory adapter is a module-wide LRU of
 * 1,000 entries shared by every provider in the process, so sandboxes started side by side in tests would
 * accept each other's tokens and evict each other's sessions; this one is per sandbox and unbounded
 * except by expiry.
 */
export function createMemoryAdapter(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  let writes = 0;

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const prune = (): void => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAtMs <= now) entries.delete(key);
  };

  return (model: string): Adapter => {
    const keyOf = (id: string): string => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.set(key, {
          payload,
          expiresAtMs: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity,
        });
        if (GRANTABLE.has(model) && typeof payload.grantId === 'string') {
          const set = byGrant.get(payload.grantId) ?? new Set<string>();
          set.add(key);
          byGrant.set(payload.grantId, set);
        }
        if (typeof payload.uid === 'string') byUid.set(payload.uid, id);
        if (typeof payload.userCode === 'string') byUserCode.set(payload.userCode, id);
        writes += 1;
        if (writes % 1000 === 0) prune();
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        const id = byUid.get(uid);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async findByUserCode(userCode) {
        const id = byUserCode.get(userCode);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
      },
    };
  };
}
