import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { FaultPlanInput, type SandboxFaults } from '../faults';
import { BodyError, readJson } from '../http/body';
import type { Movement } from '../movements';
import { ProfileSwitchInput, type ProfileSwitch, type ServiceProfile } from '../profile';
import { WireReadingsInput, type ReadingSwitch, type WireReadings } from '../interface-b/readings';

export interface SandboxInfo {
  issuer: string;
  clientId: string;
  baseUrl: string;
  apiUrl: string;
  users: Array<{
    username: string;
    password: string;
    totpSecret: string;
    userGuid: string;
    name: string;
    email: string;
    /** callbackSecret signs deposit callbacks of this account's Interface A deposit addresses. */
    accounts: Array<{ guid: string; name: string; role: string; isPersonalAccount: boolean; callbackSecret: string }>;
  }>;
  merchants: Array<{
    name: string;
    publicKey: string;
    secretKey: string;
    email: string;
    totpSecret: string;
    /**
     * The Interface A account the merchant belongs to: its withdrawals appear in that account's history,
     * and its merchantGuid is the one GET /accounts reports for it (README, merchants).
     */
    linkedAccount: { guid: string; name: string; merchantGuid: string } | null;
  }>;
  /** Service profile now in force (README "Service profiles"). */
  profile: ServiceProfile;
  /** The profile given at start, which POST /__sandbox/reset returns to. */
  startProfile: ServiceProfile;
  /** Interface B's wire readings now in force, and those given at start (README "Wire readings"). */
  readings: WireReadings;
  startReadings: WireReadings;
}

export interface ControlDeps {
  info: () => SandboxInfo;
  faults: SandboxFaults;
  profile: ProfileSwitch;
  readings: ReadingSwitch;
  /** Committed money movements, and how many accepted ones are still to land (late commits). */
  movements: () => { movements: Movement[]; pending: number };
  /** Lands the late commits held under `holdLateCommits`; returns how many. */
  releaseLateCommits: () => number;
  reset: () => void;
  /** Revokes every grant (and so every refresh and access token) the user consented to. */
  revokeUserGrants: (username: string) => Promise<number | undefined>;
}

const RevokeBody = z.object({ username: z.string().min(1) }).strict();

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The control API exists for tests and tools on this machine only. */
export async function loopbackOnly(ctx: Context, next: Next): Promise<void> {
  if (!LOOPBACK.has(ctx.req.socket.remoteAddress ?? '')) {
    ctx.status = 403;
    ctx.body = { error: 'control API is loopback-only' };
    return;
  }
  await next();
}

async function jsonBody(ctx: Context): Promise<unknown> {
  try {
    return (await readJson(ctx)) ?? {};
  } catch (error) {
    if (error instanceof BodyError) return Symbol('malformed');
    throw error;
  }
}

/**
 * GET /__sandbox/info, /movements, /held; POST /__sandbox/faults, /held/release, /late-commits/release, /profile, /readings, /reset,
 * /revoke-grants.
 */
export function createControlRouter(deps: ControlDeps): Router {
  const router = new Router({ prefix: '/__sandbox' });
  router.use(loopbackOnly);

  router.get('/info', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = deps.info();
  });

  router.post('/faults', async (ctx) => {
    const parsed = FaultPlanInput.safeParse(await jsonBody(ctx));
    if (!parsed.success) {
      ctx.status = 400;
      ctx.body = {
        error: 'invalid fault plan',
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      };
      return;
    }
    ctx.body = { plan: deps.faults.set(parsed.data) };
  });

  router.delete('/faults', (ctx) => {
    deps.faults.reset();
    ctx.body = { plan: deps.faults.plan };
  });

  router.get('/held', (ctx) => {
    ctx.body = { held: deps.faults.held };
  });

  router.post('/held/release', (ctx) => {
    ctx.body = { released: deps.faults.releaseHeld() };
  });

  router.post('/late-commits/release', (ctx) => {
    ctx.body = { released: deps.releaseLateCommits() };
  });

  router.post('/profile', async (ctx) => {
    const parsed = ProfileSwitchInput.safeParse(await jsonBody(ctx));
    if (!parsed.success) {
      ctx.status = 400;
      ctx.body = { error: 'body must be { "profile": "kind" | "strict" }' };
      return;
    }
    ctx.body = { profile: deps.profile.set(parsed.data.profile) };
  });

  router.post('/readings', async (ctx) => {
    const parsed = WireReadingsInput.safeParse(await jsonBody(ctx));
    if (!parsed.success) {
      ctx.status = 400;
      ctx.body = {
        error: 'invalid readings',
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      };
      return;
    }
    ctx.body = { readings: deps.readings.set(parsed.data) };
  });

  router.get('/movements', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = deps.movements();
  });

  router.post('/reset', (ctx) => {
    deps.reset();
    ctx.body = { reset: true };
  });

  router.post('/revoke-grants', async (ctx) => {
    const parsed = RevokeBody.safeParse(await jsonBody(ctx));
    if (!parsed.success) {
      ctx.status = 400;
      ctx.body = { error: 'body must be { "username": string }' };
      return;
    }
    const revoked = await deps.revokeUserGrants(parsed.data.username);
    if (revoked === undefined) {
      ctx.status = 404;
      ctx.body = { error: 'unknown user' };
      return;
    }
    ctx.body = { revokedGrants: revoked };
  });

  return router;
}
