import type { WithdrawLookupResult, WithdrawReview, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import { networkNameById } from '../merchant';
import type { Withdrawal, WithdrawMachine } from './withdraw-ledger';

/** What the user approves, derived from the frozen body: there is no separate review to keep. */
export function reviewOf(intent: Withdrawal): WithdrawReview {
  return {
    intentId: intent.id,
    merchantTransactionId: intent.referenceId,
    memberReferenceId: intent.body.memberReferenceId ?? intent.referenceId,
    environment: intent.body.environment,
    code: intent.body.code,
    networkName: networkNameById(intent.body.networkId),
    address: intent.body.address,
    amount: intent.body.amount,
    label: intent.body.label,
    email: intent.body.email,
    verified: intent.body.verified,
    startedAt: intent.body.startedAtMs === null ? null : new Date(intent.body.startedAtMs).toISOString(),
  };
}

/**
 * The machine's status; it carries why an unknown one is still unknown, in the words of its answer or
 * look-up. A refused withdrawal is sent again by execute, with the same merchant transaction id.
 */
export function statusOf(machine: WithdrawMachine, intent: Withdrawal): WithdrawStatus {
  return machine.status(intent, true);
}

/** What a look-up of the history found: a Completed row settles; a Pending, Failed or unknown one does not. */
export function lookupOf(rowStatus: string | null, settled: boolean): WithdrawLookupResult {
  if (settled) return 'found';
  if (rowStatus === null) return 'not_found';
  return rowStatus === 'Pending' ? 'pending' : 'failed';
}
