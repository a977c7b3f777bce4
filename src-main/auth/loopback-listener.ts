import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../app-error';

export const CALLBACK_PATH = '/callback';

export interface LoopbackListener {
  /** http://127.0.0.1:<port>/callback — sent in the authorization request and the token request alike. */
  readonly redirectUri: string;
  /** The redirect URI with the query the browser brought back, once. */
  readonly callback: Promise<URL>;
  close(): Promise<void>;
}

export interface LoopbackListenerOptions {
  readonly timeoutMs: number;
  /** Aborting ends the wait with sign_in_cancelled (a new attempt or the user's cancel). */
  readonly signal?: AbortSignal;
}

const RETURN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wallet Desk</title></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem; text-align: center">
<h1>You can return to Wallet Desk</h1><p>This browser tab can be closed.</p>
</body></html>`;

const USED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wallet Desk</title></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem; text-align: center">
<h1>This sign-in link was already used</h1><p>Return to Wallet Desk and start again if needed.</p>
</body></html>`;

/**
 * The RFC 8252 loopback redirect receiver: bound to 127.0.0.1 (not localhost, which may resolve
 * elsewhere, and not 0.0.0.0, which other machines can reach) on a port the OS picks, for one attempt
 * only. It accepts exactly one callback, then stops listening; anything after that is refused.
 */
export async function openLoopbackListener(options: LoopbackListenerOptions): Promise<LoopbackListener> {
  let settle: { resolve(url: URL): void; reject(error: AppError): void } | null = null;
  const callback = new Promise<URL>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The caller may never await after a failure elsewhere; don't let that be an unhandled rejection.
  callback.catch(() => {});
  let used = false;
  let redirectUri = '';

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      answer(response, 404, 'Not found', 'text/plain; charset=utf-8');
      return;
    }
    if (used) {
      answer(response, 409, USED_PAGE);
      return;
    }
    used = true;
    // Rebuild from our own redirect URI rather than the Host header, so the token request's
    // redirect_uri is exactly the one the authorization request carried (security 12).
    const received = new URL(redirectUri);
    received.search = url.search;
    response.on('finish', () => void shutDown());
    answer(response, 200, RETURN_PAGE);
    finish((s) => s.resolve(received));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CALLBACK_PATH}`;

  const timer = setTimeout(() => {
    finish((s) => s.reject(new AppError('sign_in_failed', 'Sign-in took too long. Please try again.')));
    void shutDown();
  }, options.timeoutMs);
  timer.unref();

  const onAbort = () => {
    finish((s) => s.reject(new AppError('sign_in_cancelled', 'Sign-in was cancelled.')));
    void shutDown();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  let closing: Promise<void> | null = null;
  function shutDown(): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      used = true;
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    return closing;
  }

  function finish(action: (s: { resolve(url: URL): void; reject(error: AppError): void }) => void): void {
    const pending = settle;
    settle = null;
    if (pending) action(pending);
  }

  return {
    redirectUri,
    callback,
    async close() {
      finish((s) => s.reject(new AppError('sign_in_cancelled', 'Sign-in was cancelled.')));
      await shutDown();
      server.closeAllConnections();
    },
  };
}

function answer(response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  response.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    // The page needs nothing; the authorization code must not leak through a Referer.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Referrer-Policy': 'no-referrer',
    Connection: 'close',
  });
  response.end(body);
}
