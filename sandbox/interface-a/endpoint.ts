import type { Context, Middleware } from 'koa';
import { MONEY_MOVING_ROLES } from '../data/identities';
import { API_VERSION, ApiError, errors, okEnvelope } from './envelope';
import type { Call, InterfaceADeps } from './context';
import { spendTfaFirst } from './tfa';

export type Scope = 'svc:wallet' | 'svc:merchant' | 'transaction:read' | 'transaction:write';

export interface EndpointSpec {
  /** Any one of these scopes suffices (spec 4.1 lists GET /session under both svc scopes). */
  anyScope: readonly Scope[];
  /** False only for GET /session (spec 5.1). */
  needsAccount: boolean;
  /** Send and swap: only MerchantAdministrator and Agent (spec 5.1). */
  moneyRole?: 'send' | 'swap';
}

/** A handler returns the envelope's data, or `DROPPED` when it has destroyed the connection on purpose. */
export const DROPPED = Symbol('dropped');

/** Pre-serialised JSON for `data`, so hot paths can reuse cached fragments instead of re-stringifying. */
export class RawJson {
  constructor(readonly json: string) {}
}
export type Handler = (call: Call) => Promise<unknown>;

function bearer(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Runs the checks of spec 5.1 in a fixed order — token (401), scope (403), X-Account-Guid present (400) and
 * allowed (403), in the strict profile the TFA code of send and swap (400), role (403) — then the handler. Faults and rate limiting run earlier, in the router.
 */
export function endpoint(deps: InterfaceADeps, spec: EndpointSpec, handler: Handler): Middleware {
  return async (ctx) => {
    const token = bearer(ctx);
    if (!token) throw errors.unauthorized();
    const accessToken = await deps.provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired || !accessToken.accountId) throw errors.unauthorized();
    const user = deps.state.userByGuid(accessToken.accountId);
    if (!user) throw errors.unauthorized();
    const scopes = new Set((accessToken.scope ?? '').split(' '));
    if (!spec.anyScope.some((s) => scopes.has(s))) throw errors.insufficientScope();

    let account: Call['account'];
    let role: Call['role'];
    let tfaSpent = false;
    if (spec.needsAccount) {
      const guid = ctx.get('x-account-guid').trim();
      if (guid === '') throw errors.accountHeader();
      role = deps.state.roleOf(user, guid);
      account = deps.state.account(guid);
      if (!role || !account) throw errors.accountDenied();
      if (spec.moneyRole && deps.profile.strict) {
        spendTfaFirst(ctx, deps.totp, user);
        tfaSpent = true;
      }
      if (spec.moneyRole && !MONEY_MOVING_ROLES.has(role)) {
        throw spec.moneyRole === 'send' ? errors.sendRole() : errors.swapRole();
      }
    }
    const data = await handler({ ctx, deps, user, account, role, tfaSpent });
    if (data === DROPPED) return;
    if (data instanceof RawJson) {
      ctx.type = 'application/json';
      ctx.body = `{"apiVersion":"${API_VERSION}","data":${data.json},"code":200,"message":"OK"}`;
      return;
    }
    ctx.body = okEnvelope(data);
  };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
