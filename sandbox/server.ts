import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { buildInfo } from './control/info';
import { createControlRouter, loopbackOnly, type SandboxInfo } from './control/router';
import { SandboxState } from './data/state';
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

export type { SandboxInfo } from './control/router';
export { SandboxFaults } from './faults';

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
  const state = new SandboxState(seed);
  const faults = new SandboxFaults();
  const totpWindowSteps = options.totpWindowSteps ?? 1;
  const interfaceB = createInterfaceB({ seed, faults, log, totpWindowSteps });
  const limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const totp = new TotpGuard(totpWindowSteps, () => state.world.usedTotpSteps);

  // The issuer must contain the real port, so listen first and build the app behind the socket after.
  let handler: RequestListener | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
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

  const info = (): SandboxInfo => buildInfo(state, { issuer, clientId: CLIENT_ID, origin }, interfaceB.merchants);

  const app = new Koa();
  const interactions = createInteractionRouter({
    provider,
    state,
    onGrant: (user, grantId) => grants.add(user, grantId),
  });
  const interfaceA = createInterfaceARouter({ provider, state, faults, limiter, totp }, log);
  const control = createControlRouter({
    info,
    faults,
    reset: () => {
      state.reset();
      interfaceB.reset();
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
  app.use(createInterfaceADepositRouter(state, log).routes());
  app.use(async (ctx, next) => {
    await next();
    // Interface A answers unknown paths with its envelope too, so a client's parser sees one shape.
    if (ctx.body === undefined && ctx.status === 404 && ctx.path.startsWith(`${INTERFACE_A_PREFIX}/`)) {
      ctx.status = 404;
      ctx.body = errorEnvelope(404, 'Not found');
    }
  });
  handler = app.callback();

  log(`listening on ${origin} (seed ${seed})`);
  return {
    origin,
    issuer,
    clientId: CLIENT_ID,
    baseUrl: origin,
    apiUrl: origin,
    info,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
