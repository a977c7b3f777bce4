import type Decimal from 'decimal.js';
import type { Listing } from './assets';
import type { CommittedWithdrawal, InterfaceBShared } from './store';

/**
 * What a committed Interface B movement leaves outside Interface B: its entry in the sandbox's movement
 * log and, for a withdrawal, a row in the linked Interface A account's history (README, merchants), the
 * trace an app reconciles an unanswered withdrawal against.
 */
export function recordWithdrawal(shared: InterfaceBShared, withdrawal: CommittedWithdrawal): void {
  const accountGuid = shared.accounts?.accountGuidOf(withdrawal.merchantPublicKey) ?? null;
  shared.movements.record({
    interface: 'B',
    kind: 'withdraw',
    accountGuid,
    merchantPublicKey: withdrawal.merchantPublicKey,
    referenceId: withdrawal.referenceId,
    merchantTransactionId: withdrawal.merchantTransactionId,
    symbol: withdrawal.listing.symbol,
    amount: withdrawal.amount.toFixed(),
    address: withdrawal.address,
  });
  if (accountGuid) shared.accounts?.recordWithdrawal(accountGuid, withdrawal);
}

/** Verification start sends a small amount (paid by the service, README): a movement too. */
export function recordVerification(
  shared: InterfaceBShared,
  sent: { merchantPublicKey: string; referenceId: string; listing: Listing; amount: Decimal; address: string },
): void {
  shared.movements.record({
    interface: 'B',
    kind: 'verification',
    accountGuid: shared.accounts?.accountGuidOf(sent.merchantPublicKey) ?? null,
    merchantPublicKey: sent.merchantPublicKey,
    referenceId: sent.referenceId,
    merchantTransactionId: null,
    symbol: sent.listing.symbol,
    amount: sent.amount.toFixed(),
    address: sent.address,
  });
}
