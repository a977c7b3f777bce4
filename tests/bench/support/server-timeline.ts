import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request some HTTP server of this process answered: its path and when it came in and was answered. */
export interface ServedRequest {
  readonly path: string;
  /** ms on this process's monotonic clock (performance.now). */
  readonly startedAt: number;
  readonly finishedAt: number;
}

export interface ServerTimeline {
  /** The requests answered since the last call whose path contains `fragment`, oldest first; forgets them all. */
  take(fragment: string): ServedRequest[];
  /**
   * Resolves once no request whose path contains `fragment` has been in flight for `quietMs` (rejects after
   * `timeoutMs`): what the app still reads in the background has ended before anything is timed.
   */
  quiet(fragment: string, quietMs: number, timeoutMs: number): Promise<void>;
  close(): void;
}

/**
 * Notes every request the HTTP servers of this process serve (the sandbox and the harness both run in the
 * bench's process), from Node's own diagnostics channels: no server is changed to be measured, and the
 * sandbox's own time per request can be told apart from the harness's and the app's around it.
 */
export function watchServers(): ServerTimeline {
  const open = new Map<IncomingMessage, number>();
  let served: ServedRequest[] = [];
  let lastFinished = new Map<string, number>();
  const onStart = (message: unknown): void => {
    const { request } = message as { request: IncomingMessage };
    open.set(request, performance.now());
  };
  const onFinish = (message: unknown): void => {
    const { request } = message as { request: IncomingMessage; response: ServerResponse };
    const startedAt = open.get(request);
    if (startedAt === undefined) return;
    open.delete(request);
    const finishedAt = performance.now();
    const path = request.url ?? '';
    served.push({ path, startedAt, finishedAt });
    lastFinished.set(path, finishedAt);
  };
  const busySince = (fragment: string): number | 'in flight' => {
    if ([...open.keys()].some((request) => (request.url ?? '').includes(fragment))) return 'in flight';
    let latest = Number.NEGATIVE_INFINITY;
    for (const [path, at] of lastFinished) if (path.includes(fragment)) latest = Math.max(latest, at);
    return latest;
  };
  subscribe('http.server.request.start', onStart);
  subscribe('http.server.response.finish', onFinish);
  return {
    take(fragment) {
      const matching = served.filter((request) => request.path.includes(fragment));
      served = [];
      return matching;
    },
    async quiet(fragment, quietMs, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const since = busySince(fragment);
        if (since !== 'in flight' && performance.now() - since >= quietMs) return;
        if (performance.now() > deadline) throw new Error(`requests to ${fragment} still came after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close() {
      lastFinished = new Map();
      unsubscribe('http.server.request.start', onStart);
      unsubscribe('http.server.response.finish', onFinish);
    },
  };
}
