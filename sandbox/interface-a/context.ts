import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { z } from 'zod';
import type { Role, UserSeed } from '../data/identities';
import type { AccountState, SandboxState } from '../data/state';
import type { SandboxFaults } from '../faults';
import { BodyError, readJson } from '../http/body';
import { errors } from './envelope';
import type { RateLimiter } from './rate-limit';
import type { TotpGuard } from '../totp-guard';
import type { DeferredCommits } from '../deferred-commits';
import type { MovementLog } from '../movements';
import type { ProfileSwitch } from '../profile';

export interface InterfaceADeps {
  provider: Provider;
  state: SandboxState;
  faults: SandboxFaults;
  limiter: RateLimiter;
  totp: TotpGuard;
  /** kind or strict (README "Service profiles"), read on every request so a switch applies at once. */
  profile: ProfileSwitch;
  /** The sandbox's own record of committed money movements. */
  movements: MovementLog;
  /** Effects of accepted money movements that land later (late-commit faults). */
  deferred: DeferredCommits;
}

/** What a handler gets once authentication, scope, account and role checks have passed. */
export interface Call {
  ctx: Context;
  deps: InterfaceADeps;
  user: UserSeed;
  /** Present for every endpoint but GET /session. */
  account: AccountState | undefined;
  role: Role | undefined;
  /** True when the strict profile has already checked and spent the TFA code, before the role check. */
  tfaSpent: boolean;
}

export function requireAccount(call: Call): { account: AccountState; role: Role } {
  if (!call.account || !call.role) throw new Error('endpoint declared without account but needs one');
  return { account: call.account, role: call.role };
}

export async function parseBody<T>(ctx: Context, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await readJson(ctx);
  } catch (error) {
    if (error instanceof BodyError) throw errors.invalidRequest(error.message);
    throw error;
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw errors.invalidRequest(first ? first.path.join('.') || first.message : undefined);
  }
  return parsed.data;
}
