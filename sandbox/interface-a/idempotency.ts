import type { IdempotentRecord, SandboxState } from '../data/state';
import { errors } from './envelope';

/**
 * Duplicate detection by reference id (spec: a repeated request with the same id and body returns the
 * original result without acting twice; the same id with another body is refused with 409).
 */
export function recallDuplicate(state: SandboxState, key: string, fingerprint: string): IdempotentRecord | undefined {
  const record = state.world.idempotency.get(key);
  if (!record) return undefined;
  if (record.fingerprint !== fingerprint) throw errors.duplicateReference();
  return record;
}

export function remember(state: SandboxState, key: string, record: IdempotentRecord): void {
  state.world.idempotency.set(key, record);
}

export function idempotencyKey(accountGuid: string, operation: string, referenceId: string): string {
  return JSON.stringify([accountGuid, operation, referenceId]);
}
