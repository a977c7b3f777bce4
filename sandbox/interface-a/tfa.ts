import type { Call } from './context';
import { errors } from './envelope';

export function tfaHeader(call: Call): string {
  const code = call.ctx.get('tfa').trim();
  if (code === '') throw errors.tfaRequired();
  return code;
}

/** Consumes a fresh TOTP code of the caller or refuses (400 "Invalid two-factor code", README). */
export async function requireFreshTfa(call: Call, code: string): Promise<void> {
  if (!call.deps.totp.consume(call.user.userGuid, call.user.totpSecret, code)) throw errors.tfaInvalid();
}

/**
 * An identical retry of a committed request may present the code the original used (it is the same
 * request); otherwise it needs a fresh code like any other.
 */
export async function requireTfaForRetry(call: Call, code: string, originalCode: string | undefined): Promise<void> {
  if (originalCode !== undefined && code === originalCode) return;
  await requireFreshTfa(call, code);
}
