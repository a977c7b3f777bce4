import type { MerchantOverview } from '../../../src-preload/contract/merchant';

/**
 * Where a saved merchant secret key really is, said the same way after saving and in the key's status:
 * without a usable OS keychain main keeps it in memory (src-main/keychain/memory-store.ts), so claiming the
 * keychain would promise it survives a restart.
 */
export function secretKeyPlace(keychain: MerchantOverview['keychain']): string {
  return keychain === 'available'
    ? 'stored in the OS keychain'
    : 'kept in memory for this run only (no usable OS keychain)';
}
