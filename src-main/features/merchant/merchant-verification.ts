import type { MerchantKeys } from './merchant-keys';
import {
  confirmVerification,
  discardVerification,
  listPending,
  restartVerification,
  startVerification,
  type VerificationStart,
} from './pending-verifications';
import { knownVerifiedAddresses, verifiedList } from './verified-addresses';

export { sameAddress } from './verified-match';

/**
 * Address verification (spec 3): start makes the service send a small random amount; the user then types
 * the amount the address received. The amount the start call returns is never shown, stored or sent to
 * the renderer — typing it back would prove nothing. Pending verifications live in settings (non-secret)
 * so they survive a restart; each belongs to the user who started it with their keys (security.md 30).
 */
export function createMerchantVerification(keys: MerchantKeys) {
  return {
    start: (userGuid: string, input: VerificationStart) => startVerification(keys, userGuid, input),
    list: (userGuid: string) => listPending(keys, userGuid),
    confirm: (userGuid: string, id: string, amountText: string) => confirmVerification(keys, userGuid, id, amountText),
    restart: (userGuid: string, id: string) => restartVerification(keys, userGuid, id),
    discard: (userGuid: string, id: string) => discardVerification(keys, userGuid, id),
    /** Verified addresses under the last reference id, for the send form's look-alike warning. */
    knownVerifiedAddresses: (userGuid: string) => knownVerifiedAddresses(keys, userGuid),
    verifiedList: (userGuid: string, referenceId: string) => verifiedList(keys, userGuid, referenceId),
  };
}

export type MerchantVerification = ReturnType<typeof createMerchantVerification>;
