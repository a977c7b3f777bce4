import type { InterfaceAClient } from '../../service/interface-a';
import type { Logger } from '../../logging/logger';
import type { KnownAddress } from './poisoning';

/** Recent pages of history that are searched for look-alikes: enough to cover what a person remembers. */
const RECENT_PAGES = 2;
const RECORDS_PER_PAGE = 100;
const CACHE_MS = 60_000;

export interface KnownAddressesDeps {
  readonly logger: Logger;
  /** Addresses the user verified (Interface B), when the merchant feature can list them. */
  readonly verifiedAddresses?: () => Promise<readonly string[]>;
  /** The active account's address book: read on every check, so a new entry counts at once. */
  readonly addressBook?: () => readonly { readonly address: string; readonly name: string }[];
  readonly now?: () => number;
}

/**
 * Destinations the user has sent to recently (POST /transactions, newest first) and verified addresses,
 * cached briefly per account so typing in the form does not hammer the service. A failed look-up returns
 * what could be found: the poisoning check is a warning, not a gate.
 */
export function createKnownAddresses(deps: KnownAddressesDeps) {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { at: number; addresses: KnownAddress[] }>();

  async function fromHistory(client: InterfaceAClient): Promise<KnownAddress[]> {
    const found: KnownAddress[] = [];
    for (let page = 1; page <= RECENT_PAGES; page += 1) {
      const result = await client.getTransactions({ page, recordsPerPage: RECORDS_PER_PAGE, sortOrder: 'desc' });
      for (const item of result.items) {
        if (item.to) found.push({ address: item.to, source: 'history' });
      }
      if (page >= result.totalPages) break;
    }
    return found;
  }

  /** Verified addresses and recent destinations, cached briefly per account. */
  async function looked(client: InterfaceAClient): Promise<KnownAddress[]> {
    const key = client.accountGuid ?? '';
    const cached = cache.get(key);
    if (cached && now() - cached.at < CACHE_MS) return cached.addresses;
    const [history, verified] = await Promise.all([
      fromHistory(client).catch((error: unknown) => {
        deps.logger.warn('recent destinations could not be read for the look-alike check', {
          reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
        });
        return [] as KnownAddress[];
      }),
      (deps.verifiedAddresses?.() ?? Promise.resolve([])).then(
        (list) => list.map((address): KnownAddress => ({ address, source: 'verified' })),
        () => [] as KnownAddress[],
      ),
    ]);
    const unique = new Map<string, KnownAddress>();
    for (const entry of [...verified, ...history]) if (!unique.has(entry.address)) unique.set(entry.address, entry);
    const addresses = [...unique.values()];
    cache.set(key, { at: now(), addresses });
    return addresses;
  }

  return {
    async list(client: InterfaceAClient): Promise<KnownAddress[]> {
      const saved = (deps.addressBook?.() ?? []).map((entry): KnownAddress => ({
        address: entry.address,
        source: 'address-book',
        name: entry.name,
      }));
      return [...saved, ...(await looked(client))];
    },
    /** After a send the new destination belongs in the list. */
    forget(accountGuid: string | null): void {
      cache.delete(accountGuid ?? '');
    },
    clear(): void {
      cache.clear();
    },
  };
}
export type KnownAddresses = ReturnType<typeof createKnownAddresses>;
