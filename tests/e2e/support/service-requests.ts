import type { RunningSandbox } from '../../../sandbox/server';

export interface ServiceRequest {
  readonly method: string;
  /** The Interface A path without /api/OAuth, e.g. /send/precheck. */
  readonly path: string;
  readonly body: Record<string, unknown> | null;
  readonly hasTfaHeader: boolean;
}

/**
 * Records every request the app's main-process half (running in this test process behind the harness)
 * sends to the sandbox's Interface A, so a test can prove what did and did not reach the service.
 * Nothing is changed on the way: the call goes to the real fetch.
 */
export function recordServiceRequests(sandbox: RunningSandbox) {
  const requests: ServiceRequest[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === sandbox.origin && url.pathname.startsWith('/api/OAuth/')) {
      requests.push({
        method: init?.method ?? 'GET',
        path: url.pathname.slice('/api/OAuth'.length),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
        hasTfaHeader: new Headers(init?.headers).has('tfa'),
      });
    }
    return originalFetch(input, init);
  };
  return {
    requests,
    count: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).length,
    restore: () => {
      globalThis.fetch = originalFetch;
    },
  };
}
