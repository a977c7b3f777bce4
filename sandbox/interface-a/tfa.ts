import type { Context } from 'koa';
import type { UserSeed } from '../data/identities';
import type { TotpGuard } from '../totp-guard';
import type { Call } from './context';
import { errors } from './envelope';

function headerCode(ctx: Context): string {
  const code = ctx.get('tfa').trim();
  if (code === '') throw errors.tfaRequired();
  return code;
}

export function tfaHeader(call: Call): string {
  return headerCode(call.ctx);
}

/**
 * Strict profile: the code is checked, and spent when valid, before the role, the body and the funds,
 * so a request that fails for any other reason still burns it (README "Service profiles").
 */
export function spendTfaFirst(ctx: Context, totp: TotpGuard, user: UserSeed): void {
  if (!totp.consume(user.userGuid, user.totpSecret, headerCode(ctx))) throw errors.tfaInvalid();
}

/**
 * Consumes a fresh TOTP code of the caller or refuses (400 "Invalid two-factor code", README); a code the
 * strict profile has already spent for this very request passes.
 */
export async function requireFreshTfa(call: Call, code: string): Promise<void> {
  if (call.tfaSpent) return;
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
