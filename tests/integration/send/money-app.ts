import type { ServiceProfile } from '../../../sandbox/profile';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { startSignedInCore } from '../support/signed-in-core';
import { createCodeSource } from '../../support/two-factor-codes';

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
  } = {},
) {
  const username = options.username ?? 'alice';
  const sandbox: RunningSandbox = await startSandbox({
    port: 0,
    quiet: true,
    totpWindowSteps: options.totpWindowSteps ?? 20,
    ...(options.serviceProfile ? { serviceProfile: options.serviceProfile } : {}),
  });
  const requests: ServiceRequest[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === sandbox.origin && url.pathname.startsWith('/api/OAuth/')) {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      requests.push({ method: init?.method ?? 'GET', path: url.pathname.slice('/api/OAuth'.length), headers, body });
    }
    return originalFetch(input, init);
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
