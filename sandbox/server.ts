import { createServer, type Server } from 'node:http';
import { setWiderService } from './data/assets';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { buildInfo } from './control/info';
import { createControlRouter, loopbackOnly, type SandboxInfo } from './control/router';
import { HISTORY_RECORDS_ON_MAIN_ACCOUNT, MAX_HISTORY_RECORDS } from './data/identities';
import { SandboxState } from './data/state';
import { balancesAt } from './data/wallet-book';
import { SandboxFaults } from './faults';
import { createInterfaceARouter, INTERFACE_A_PREFIX } from './interface-a/router';
import { errorEnvelope } from './interface-a/envelope';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitOptions } from './interface-a/rate-limit';
import { TotpGuard } from './totp-guard';
import { createInterfaceB } from './interface-b/index';
import { createInteractionRouter } from './oidc/interactions';
import { mountProvider, OIDC_PREFIX } from './oidc/mount';
import { CLIENT_ID, createOidcProvider } from './oidc/provider';
import { GrantRegistry } from './oidc/grant-registry';
import { createInterfaceADepositRouter } from './control/interface-a-deposits';
import { createCallbackShapeRouter } from './callbacks/shape-routes';
import { CallbackShape, CallbackShapeSwitch } from './callbacks/sdk-shape';
import { DeferredCommits } from './deferred-commits';
import { seedMerchants } from './interface-b/merchants';
import { linkMerchants, merchantAccountLink } from './merchant-accounts';
import { MovementLog, type Movement } from './movements';
import { ProfileSwitch, type ServiceProfile } from './profile';
import { ReadingSwitch, type WireReadings, type WireReadingsInput } from './interface-b/readings';

export type { SandboxInfo } from './control/router';
export { SandboxFaults } from './faults';
export type { Movement } from './movements';
export type { ServiceProfile } from './profile';
export type { WireReadings, WireReadingsInput } from './interface-b/readings';

export interface SandboxOptions {
  /** 0 picks a free port. Default 4477. */
  port?: number;
  /** Seed of all generated data. Default 1. */
  seed?: number;
  /** Access token lifetime. Default 300 s. */
  accessTokenTtlSeconds?: number;
  /** No log lines on stdout. */
  quiet?: boolean;
  /** Interface A token bucket per access token. Default 300 burst, 100/s. */
  rateLimit?: RateLimitOptions;
  /** TOTP steps accepted either side of now for clock drift. Default 1 (+-30 s). */
  totpWindowSteps?: number;
  /** 'kind' (default, the sandbox's courtesies) or 'strict' (none of them; README "Service profiles"). */
  serviceProfile?: ServiceProfile;
  /** Interface B's readings of the spec's silences (README "Wire readings"); unset ones keep their default. */
  wireReadings?: WireReadingsInput;
  /**
   * Seeded history records of the large-history account (Alice Trading Ltd), 0..10,000,000. Default 20,000.
   * Rows are computed when read, so a million cost no more memory than the default.
   */
  historyRecords?: number;
  /** Interface B refuses requests without a valid X-Signature (README "Request signing"). Default off. */
  requireRequestSignature?: boolean;
  /** Deposit callbacks in the spec's shape (default) or the vendor SDK's (README "Callback shapes"). */
  callbackShape?: CallbackShape;
  /**
   * Told the line saying what amount an address verification start sent (README "Verification amounts"),
   * also when quiet: the harness runs a quiet sandbox and prints it.
   */
  onVerificationSent?: (line: string) => void;
  /**
   * Plays the wider service (README "The wider service"): TRX and USDT on TRON, SOL, AVAX and a Polygon
   * wallet beside spec 2.3's. Default off. One choice per process: the last sandbox started sets it.
   */
  widerService?: boolean;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + '/oidc' */
  issuer: string;
  clientId: string;
  /** Interface A lives under baseUrl + '/api/OAuth'. */
  baseUrl: string;
  /** Interface B lives under apiUrl + '/v1'. */
  apiUrl: string;
  info(): SandboxInfo;
  faults: SandboxFaults;
  /** Switches the service profile at run time (as POST /__sandbox/profile); reset returns to the start one. */
  setProfile(profile: ServiceProfile): void;
  /** Changes Interface B's wire readings at run time (as POST /__sandbox/readings); reset returns to the start ones. */
  setReadings(readings: WireReadingsInput): WireReadings;
  /** Committed money movements, oldest first (as GET /__sandbox/movements). */
  movements(): Movement[];
  /**
   * What each wallet of the account held just before each instant, by the sandbox's own books (README
   * "Balance books"): per instant, symbol to exact decimal text.
   */
  balancesAt(accountGuid: string, instants: readonly Date[]): Record<string, string>[];
  /** Resolves once every accepted late commit has landed (or been cancelled by a reset); held ones wait for release. */
  lateCommitsSettled(): Promise<void>;
  /** Lands the late commits held under `holdLateCommits` now, oldest first (as POST /__sandbox/late-commits/release). */
  releaseLateCommits(): number;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the whole local stand-in for the service in this process: OpenID provider under /oidc,
 * Interface A under /api/OAuth, Interface B under /v1 and the control API under /__sandbox, on 127.0.0.1.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed ?? 1;
  const log = options.quiet ? () => undefined : (line: string) => console.log(`[sandbox] ${line}`);
  const historyRecords = options.historyRecords ?? HISTORY_RECORDS_ON_MAIN_ACCOUNT;
  if (!Number.isInteger(historyRecords) || historyRecords < 0 || historyRecords > MAX_HISTORY_RECORDS) {
    throw new RangeError(`historyRecords must be an integer from 0 to ${MAX_HISTORY_RECORDS}, got ${historyRecords}`);
  }
  setWiderService(options.widerService ?? false);
  const state = new SandboxState(seed, { historyRecords });
  const deferred = new DeferredCommits(log);
  // Dropped, not released: landing them would put a movement the next test never made into its books.
  const faults = new SandboxFaults(() => deferred.dropHeld());
  const profile = new ProfileSwitch(options.serviceProfile ?? 'kind');
  const readings = new ReadingSwitch(options.wireReadings);
  const movements = new MovementLog();
  const totpWindowSteps = options.totpWindowSteps ?? 1;
  // Merchant keys and account guids both derive from the seed alone, so the link survives resets.
  const links = linkMerchants(
    seedMerchants(seed).map((m) => m.publicKey),
    [...state.world.accounts.values()].map((a) => a.seed),
  );
  const callbackShapes = new CallbackShapeSwitch(options.callbackShape ?? 'spec');
  const interfaceB = createInterfaceB({
    callbackShapes,
    seed,
    faults,
    log,
    ...(options.onVerificationSent ? { onVerificationSent: options.onVerificationSent } : {}),
    totpWindowSteps,
    requireRequestSignature: options.requireRequestSignature ?? false,
    profile,
    readings,
    movements,
    deferred,
    accounts: merchantAccountLink(state, links),
  });
  const limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const totp = new TotpGuard(totpWindowSteps, () => state.world.usedTotpSteps);

  // The issuer must contain the real port, so listen first and build the app behind the socket after.
  let handler: ReturnType<Koa['callback']> | undefined;
  const server = createServer((req, res) => {
    // Koa answers a failed request itself (ctx.onerror): its promise never rejects, so nothing waits on it.
    if (handler) void handler(req, res);
    else {
      res.statusCode = 503;
      res.end();
    }
  });
  const port = await listen(server, options.port ?? 4477);
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}${OIDC_PREFIX}`;

  const provider = await createOidcProvider({
    issuer,
    state,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 300,
  });
  provider.on('server_error', (_ctx, error) => log(`oidc server_error: ${error.message}`));
  const grants = new GrantRegistry(provider);

  const info = (): SandboxInfo =>
    buildInfo(state, { issuer, clientId: CLIENT_ID, origin }, { list: interfaceB.merchants, links }, profile, readings);

  const app = new Koa();
  const interactions = createInteractionRouter({
    provider,
    state,
    onGrant: (user, grantId) => grants.add(user, grantId),
  });
  const interfaceA = createInterfaceARouter(
    { provider, state, faults, limiter, totp, profile, movements, deferred },
    log,
  );
  const control = createControlRouter({
    info,
    faults,
    profile,
    readings,
    movements: () => ({ movements: movements.list(), pending: deferred.pending }),
    releaseLateCommits: () => deferred.release(),
    reset: () => {
      // Pending late commits first: they hold the old state and must not land in the fresh one.
      deferred.cancelAll();
      movements.reset();
      profile.reset();
      readings.reset();
      state.reset();
      interfaceB.reset();
      callbackShapes.reset();
      faults.reset();
      limiter.reset();
    },
    revokeUserGrants: async (username) => {
      const user = state.userByName(username);
      return user ? grants.revokeAll(user.userGuid) : undefined;
    },
  });

  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      log(`${ctx.method} ${ctx.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      ctx.status = 500;
      ctx.body = { error: 'internal sandbox error' };
    }
  });
  app.use(interactions.routes());
  app.use(mountProvider(provider));
  app.use(interfaceA.routes());
  app.use(interfaceB.router.routes());
  app.use(control.routes());
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/__sandbox/')) await loopbackOnly(ctx, next);
    else await next();
  });
  app.use(interfaceB.controlRouter.routes());
  app.use(createCallbackShapeRouter(callbackShapes, log).routes());
  app.use(createInterfaceADepositRouter(state, log, callbackShapes).routes());
  app.use(async (ctx, next) => {
    await next();
    // Interface A answers unknown paths with its envelope too, so a client's parser sees one shape.
    if (ctx.body === undefined && ctx.status === 404 && ctx.path.startsWith(`${INTERFACE_A_PREFIX}/`)) {
      ctx.status = 404;
      ctx.body = errorEnvelope(404, 'Not found');
    }
  });
  handler = app.callback();

  log(`listening on ${origin} (seed ${seed}, ${profile.current} profile)`);
  return {
    origin,
    issuer,
    clientId: CLIENT_ID,
    baseUrl: origin,
    apiUrl: origin,
    info,
    faults,
    setProfile: (next) => {
      profile.set(next);
    },
    setReadings: (next) => ({ ...readings.set(next) }),
    movements: () => movements.list(),
    balancesAt: (accountGuid, instants) => {
      const account = state.account(accountGuid);
      if (!account) throw new Error(`the sandbox has no account ${accountGuid}`);
      return balancesAt(
        account,
        instants.map((at) => at.getTime()),
      ).map((held) => Object.fromEntries([...held].map(([symbol, amount]) => [symbol, amount.toFixed()])));
    },
    lateCommitsSettled: () => deferred.settled(),
    releaseLateCommits: () => deferred.release(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        deferred.cancelAll();
        // A held call would otherwise keep its handler waiting after the server has gone.
        faults.releaseHeld();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
