import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './shell/app-origin';
import { rendererResponseHeaders } from './shell/content-security-policy';
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

/** Serves the built renderer (out/renderer) under app://wallet-desk/ with the CSP as a header. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const lookup = resolveRendererFile(rendererDir, request.url, { scheme: APP_SCHEME, host: APP_HOST });
    if (lookup.kind === 'forbidden') return new Response(null, { status: 403 });
    if (lookup.kind === 'not-found') return new Response(null, { status: 404 });
    try {
      const body = await readFile(lookup.path);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: rendererResponseHeaders(lookup.contentType),
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
