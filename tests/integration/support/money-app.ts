import type { ServiceProfile } from '../../../sandbox/profile';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { startSignedInCore } from './signed-in-core';
import { createCodeSource } from '../../support/two-factor-codes';

/**
 * What a test does to the next request of one method and path on its way: `before` runs just before it
 * leaves (arming a sandbox fault for exactly this request, after the app's own earlier calls), and
 * `rewrite` changes the answer as a proxy or a less tidy service could (another HTTP status around the
 * sandbox's envelope, a different body).
 */
export interface Interception {
  readonly before?: () => void;
  readonly rewrite?: (answer: { status: number; body: string }) => { status: number; body: string };
}

export interface ServiceRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown> | null;
}

/**
 * The shared signed-in core (../support/signed-in-core.ts) on a fresh sandbox of its own, with every
 * request the app sends to Interface A recorded (method, path, headers), so tests can prove what did and did not reach the service.
 */
export async function startMoneyApp(
  options: {
    username?: string;
    totpWindowSteps?: number;
    /** 'strict': no de-duplication, the code checked first (sandbox README "Service profiles"). */
    serviceProfile?: ServiceProfile;
    /** How long the app waits for any answer from the service. */
    requestTimeoutMs?: number;
    /** The sandbox plays the wider service (sandbox README "The wider service"). */
    widerService?: boolean;
  } = {},
) {
  const username = options.username ?? 'alice';
  const sandbox: RunningSandbox = await startSandbox({
    port: 0,
    quiet: true,
    totpWindowSteps: options.totpWindowSteps ?? 20,
    ...(options.serviceProfile ? { serviceProfile: options.serviceProfile } : {}),
    ...(options.widerService ? { widerService: true } : {}),
  });
  const requests: ServiceRequest[] = [];
  const interceptions: { method: string; path: string; interception: Interception }[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!(url.origin === sandbox.origin && url.pathname.startsWith('/api/OAuth/'))) return originalFetch(input, init);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const method = init?.method ?? 'GET';
    const path = url.pathname.slice('/api/OAuth'.length);
    requests.push({ method, path, headers, body });
    const index = interceptions.findIndex((entry) => entry.method === method && entry.path === path);
    const interception = index === -1 ? undefined : interceptions.splice(index, 1)[0]?.interception;
    interception?.before?.();
    const response = await originalFetch(input, init);
    if (!interception?.rewrite) return response;
    const changed = interception.rewrite({ status: response.status, body: await response.text() });
    return new Response(changed.body, { status: changed.status, headers: response.headers });
  };

  const app = await startSignedInCore(sandbox, {
    username,
    dirPrefix: 'wallet-desk-money-',
    ...(options.requestTimeoutMs === undefined
      ? {}
      : { sessionOptions: { requestTimeoutMs: options.requestTimeoutMs } }),
  });
  const { value, user } = app;

  return {
    ...app,
    sandbox,
    requests,
    nextCode: createCodeSource(user.totpSecret, options.totpWindowSteps ?? 20),
    /** Acts on the next request to one Interface A path, e.g. onNext('POST', '/swap', { before }). */
    onNext(method: string, path: string, interception: Interception) {
      interceptions.push({ method, path, interception });
    },
    /** Requests to one Interface A path, e.g. count('POST', '/send'). */
    count: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).length,
    async switchTo(role: string) {
      const account = user.accounts.find((candidate) => candidate.role === role);
      if (!account) throw new Error(`${username} has no ${role} account`);
      await value('session.switchAccount', { accountGuid: account.guid });
      return account;
    },
    async close() {
      globalThis.fetch = originalFetch;
      await app.close();
      await sandbox.close();
    },
  };
}
export type MoneyApp = Awaited<ReturnType<typeof startMoneyApp>>;
