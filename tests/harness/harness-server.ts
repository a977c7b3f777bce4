import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import type { Dispatch } from '../../src-main/dispatch';
import { type LaunchDocument, servedIndexFor } from '../../src-main/shell/launch-document';
import { contractNames } from '../../src-preload/contract';

const projectRoot = resolve(import.meta.dirname, '../..');

export interface HarnessServer {
  readonly url: string;
  /** Pushes a main-to-renderer message to every open page. */
  send(channel: string, payload: unknown): void;
  close(): Promise<void>;
}

export interface HarnessServerOptions {
  readonly dispatch: Dispatch;
  readonly port?: number;
  /** The built renderer (electron-vite's out/renderer). */
  readonly rendererDir?: string;
  /**
   * The core's launch views (AppCore.launchView, launchFreshView) and the page's language, written into
   * index.html as main's app:// handler writes it (src-main/shell/launch-document.ts, the same function, the head
   * sent first, the rest and the end each once decided); without it the page is served as built.
   */
  readonly launch?: LaunchDocument;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The real preload, bundled for the browser with `electron` replaced by the loopback shim. */
async function bundlePreload(): Promise<string> {
  const result = await build({
    entryPoints: [join(projectRoot, 'src-preload/index.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    // Minified like out/preload, so timings through the harness reflect the app's own preload.
    minify: true,
    define: { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) },
    alias: { electron: join(projectRoot, 'tests/harness/electron-shim.ts') },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('harness: preload bundle produced no output');
  return output.text;
}

const PRELOAD_TAG = '<script src="/__harness/preload.js"></script>';

/** A classic script: it runs where the parser meets it (a module script runs once the document is parsed). */
const CLASSIC_SCRIPT = /<script\b(?![^>]*\btype=["']module["'])[^>]*>/i;

/**
 * Puts the harness's preload into a page as Electron puts the app's preload into every window, where it runs
 * before any of the page's scripts: at the end of the head, the same place in the app's page and in the bench's
 * floors (a parser-blocking request the app's window does not make, so every page the harness serves carries
 * it alike), or before the page's first classic script when one stands in the head before that (module scripts
 * run after the document is parsed, so after it anyway). Not before a classic script in the body: the app's
 * stands after #root (src-renderer/index.html), and the preload there would let the page parse, and paint, its
 * last known balances before paying the request, an edge over the floors the app's window does not have.
 */
export function withHarnessPreload(html: string): string {
  const headEnd = html.search(/<\/head>/i);
  const classic = CLASSIC_SCRIPT.exec(html);
  if (classic && (headEnd < 0 || classic.index < headEnd))
    return `${html.slice(0, classic.index)}${PRELOAD_TAG}\n    ${html.slice(classic.index)}`;
  if (headEnd >= 0) return `${html.slice(0, headEnd)}  ${PRELOAD_TAG}\n  ${html.slice(headEnd)}`;
  return `${PRELOAD_TAG}\n${html}`;
}

async function readBody(request: IncomingMessage, limit = 1_000_000): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves the built renderer to a browser with the real preload in front of it and carries bridge calls
 * over loopback HTTP to the real main-process features. Test tooling only.
 */
export async function startHarnessServer(options: HarnessServerOptions): Promise<HarnessServer> {
  const rendererDir = options.rendererDir ?? join(projectRoot, 'out/renderer');
  const indexHtml = await readFile(join(rendererDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`harness: no built renderer at ${rendererDir}; run \`npm run build\` first`);
  });
  const page = withHarnessPreload(indexHtml);
  const preload = await bundlePreload();
  const streams = new Set<ServerResponse>();
  let origin = '';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`harness error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/__bridge/invoke/') && request.method === 'POST') {
      // The stand-in for the IPC sender check: only the harness's own page may call.
      if (request.headers.origin !== origin) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ ok: false, error: { code: 'forbidden_sender', message: 'Refused: not the app page.' } }),
        );
        return;
      }
      const operation = decodeURIComponent(url.pathname.slice('/__bridge/invoke/'.length));
      const body = JSON.parse((await readBody(request)) || '{}') as { input?: unknown };
      const result = await options.dispatch(operation, body.input);
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(result));
      return;
    }
    if (url.pathname === '/__bridge/events') {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    if (url.pathname === '/__harness/preload.js') {
      response.writeHead(200, { 'content-type': contentTypes['.js']!, 'cache-control': 'no-store' });
      response.end(preload);
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      response.writeHead(200, { 'content-type': contentTypes['.html']!, 'cache-control': 'no-store' });
      if (!options.launch) {
        response.end(page);
        return;
      }
      const served = servedIndexFor(page, options.launch);
      // As main's streamedIndex: a page that went is built nothing more and written nothing more.
      let gone = false;
      response.on('close', () => {
        gone = !response.writableFinished;
        if (gone) served.abandon();
      });
      response.write(served.head);
      const rest = await served.rest;
      if (!gone) response.write(rest);
      const end = await served.end;
      if (!gone) response.end(end);
      return;
    }
    const file = normalize(join(rendererDir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(rendererDir + sep)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const content = await readFile(file);
      const type = extname(file);
      response.writeHead(200, { 'content-type': contentTypes[type] ?? 'application/octet-stream' });
      response.end(type === '.html' ? withHarnessPreload(content.toString('utf8')) : content);
    } catch {
      response.writeHead(404).end();
    }
  }

  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/`,
    send(channel, payload) {
      const frame = `data: ${JSON.stringify({ channel, payload })}\n\n`;
      for (const stream of streams) stream.write(frame);
    },
    async close() {
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
