import { timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AppError } from '../app-error';
import { t, textLanguage } from '../i18n/main-text';

export const CALLBACK_PATH = '/callback';

/**
 * How long a connection may take to send its request, or sit idle. The browser sends a redirect in one
 * go; anything slower is a stray or hostile client holding a socket open (security 32).
 */
export const LISTENER_CONNECTION_TIMEOUT_MS = 5_000;

export interface LoopbackListener {
  /** http://127.0.0.1:<port>/callback — sent in the authorization request and the token request alike. */
  readonly redirectUri: string;
  /** The redirect URI with the query the browser brought back, once: only a callback carrying this attempt's state. */
  readonly callback: Promise<URL>;
  close(): Promise<void>;
}

export interface LoopbackListenerOptions {
  readonly timeoutMs: number;
  /** The attempt's `state`: a callback without exactly this value is answered 400 and ignored (security 32). */
  readonly expectedState: string;
  /** Aborting ends the wait with sign_in_cancelled (a new attempt or the user's cancel). */
  readonly signal?: AbortSignal;
  /** Header, request and idle deadline of every connection; tests shorten it. */
  readonly connectionTimeoutMs?: number;
}

// Written when the browser arrives, so the page is in the language chosen by then.
const RETURN_PAGE = (): string => page(t('signInPage.returned.title'), t('signInPage.returned.text'));
const USED_PAGE = (): string => page(t('signInPage.used.title'), t('signInPage.used.text'));
const FOREIGN_PAGE = (): string => page(t('signInPage.foreign.title'), t('signInPage.foreign.text'));

/**
 * The RFC 8252 loopback redirect receiver: bound to 127.0.0.1 (not localhost, which may resolve
 * elsewhere, and not 0.0.0.0, which other machines can reach) on a port the OS picks, for one attempt
 * only (security 11).
 *
 * Any local process can reach the port, so only the callback carrying this attempt's `state` counts:
 * a request without it (a port scan, a page that guessed the URL, an old tab) is answered 400 and the
 * attempt keeps waiting, instead of using up the one callback. Once the real one is answered, the
 * server stops listening and every other connection is destroyed at once, so a client that sent half
 * a request cannot hold sign-in open; short header and idle timeouts bound it before that (security 32).
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
  const connectionTimeoutMs = options.connectionTimeoutMs ?? LISTENER_CONNECTION_TIMEOUT_MS;

  const server = createServer(
    {
      headersTimeout: connectionTimeoutMs,
      requestTimeout: connectionTimeoutMs,
      keepAliveTimeout: Math.min(connectionTimeoutMs, 1_000),
      // Node checks the header and request deadlines only this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(connectionTimeoutMs / 4))),
    },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
        answer(response, 404, 'Not found', 'text/plain; charset=utf-8');
        return;
      }
      if (used) {
        answer(response, 409, USED_PAGE());
        return;
      }
      if (!carriesState(url, options.expectedState)) {
        answer(response, 400, FOREIGN_PAGE());
        return;
      }
      used = true;
      // Rebuild from our own redirect URI rather than the Host header, so the token request's
      // redirect_uri is exactly the one the authorization request carried (security 12).
      const received = new URL(redirectUri);
      received.search = url.search;
      void shutDown(request.socket);
      answer(response, 200, RETURN_PAGE());
      finish((s) => s.resolve(received));
    },
  );
  // Idle sockets (keep-alive, or connected and silent) are destroyed: no 'timeout' listener on the server.
  server.setTimeout(connectionTimeoutMs);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
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
    finish((s) => s.reject(new AppError('sign_in_failed', t('mainAuth.tookTooLong'))));
    void shutDown();
  }, options.timeoutMs);
  timer.unref();

  const onAbort = () => {
    finish((s) => s.reject(new AppError('sign_in_cancelled', t('mainAuth.cancelled'))));
    void shutDown();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  let closing: Promise<void> | null = null;
  /**
   * Stops listening and destroys every connection at once, except the one being answered (`keep`), which
   * closes itself after its response (Connection: close). server.close alone would wait for them all.
   */
  function shutDown(keep?: Socket): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      used = true;
      server.close(() => resolve());
      for (const socket of sockets) if (socket !== keep) socket.destroy();
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
      finish((s) => s.reject(new AppError('sign_in_cancelled', t('mainAuth.cancelled'))));
      const closed = shutDown();
      // Whatever is still open now (the answered connection, if its client lingers) goes too.
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Exactly one `state` parameter, equal to the attempt's (compared in constant time). */
function carriesState(url: URL, expected: string): boolean {
  const states = url.searchParams.getAll('state');
  if (states.length !== 1 || expected.length === 0) return false;
  const received = Buffer.from(states[0] ?? '');
  const wanted = Buffer.from(expected);
  return received.length === wanted.length && timingSafeEqual(received, wanted);
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

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="${textLanguage().split('-')[0]}"><head><meta charset="utf-8"><title>Wallet Desk</title></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem; text-align: center">
<h1>${title}</h1><p>${text}</p>
</body></html>`;
}
