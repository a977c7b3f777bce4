import { createHash } from 'node:crypto';
import type { DraftContent } from '../../../src-preload/contract/payouts';

/**
 * The one text a draft's fingerprint is taken of (security.md 42): JSON with the keys in a fixed order, no
 * spaces, rows in their order, every amount as the exact decimal text that will be sent. Two computers that
 * hold the same draft make the same text, and any change to what will be paid, to whom, from which account,
 * by whose preparation or when, makes another.
 */
export function canonicalForm(content: DraftContent): string {
  // A send draft's form is the one it had before withdrawals existed, so its fingerprint has not changed.
  const target = content.kind === 'withdraw' ? [[content.withdrawal.memberReference, content.withdrawal.email]] : [];
  return JSON.stringify([
    'wallet-desk-payout-draft/1',
    content.kind,
    ...target,
    content.accountGuid,
    content.title,
    [content.preparedBy.userGuid, content.preparedBy.name],
    content.preparedAt,
    content.rows.map((row) => [row.line, row.code, row.address, row.amount, row.reference, row.label]),
  ]);
}

export function sha256Hex(content: DraftContent): string {
  return createHash('sha256').update(canonicalForm(content), 'utf8').digest('hex');
}

/**
 * The part people read to each other by phone: the first 80 bits of the SHA-256, as five groups of four
 * upper-case hex digits ("3F2A 9C01 …"), short enough to say and long enough that no one can make another
 * draft with the same groups.
 */
export function shortFingerprint(sha256: string): string {
  const head = sha256.slice(0, 20).toUpperCase();
  return head.match(/.{4}/g)?.join(' ') ?? head;
}

export function fingerprintOf(content: DraftContent): string {
  return shortFingerprint(sha256Hex(content));
}
