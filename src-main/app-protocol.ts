import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './shell/app-origin';
import { rendererResponseHeaders } from './shell/content-security-policy';
import { type LaunchDocument, servedIndexFor, streamedIndex } from './shell/launch-document';
import { resolveRendererFile } from './shell/renderer-files';

/**
 * Must run before `app` is ready. `standard` gives the scheme real origins and relative URL
 * resolution, `secure` makes it a secure context; it deliberately does not get bypassCSP,
 * corsEnabled or service workers.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built renderer (out/renderer) under app://wallet-desk/ with the CSP as a header (and no-store, which
 * index.html needs: it may hold the last known balances, written in by `launch`, see shell/launch-document.ts).
 * index.html's head is streamed at once and its body once the view is decided, so the page's scripts load
 * while the core starts.
 */
export function serveRenderer(rendererDir: string, launch?: LaunchDocument): void {
  const indexPath = resolve(rendererDir, 'index.html');
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const lookup = resolveRendererFile(rendererDir, request.url, { scheme: APP_SCHEME, host: APP_HOST });
    if (lookup.kind === 'forbidden') return new Response(null, { status: 403 });
    if (lookup.kind === 'not-found') return new Response(null, { status: 404 });
    try {
      const file = await readFile(lookup.path);
      const body =
        launch && request.method === 'GET' && resolve(lookup.path) === indexPath
          ? streamedIndex(servedIndexFor(file.toString('utf8'), launch))
          : file;
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: rendererResponseHeaders(lookup.contentType),
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
