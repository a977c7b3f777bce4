import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer as the client received it: what a floor must send back byte for byte. */
export interface RecordedAnswer {
  readonly status: number;
  /** The headers that describe the body (content-type, content-length, cache-control...), in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
}

/** Headers node:http writes itself on every answer (or that describe the connection, not the answer). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

/** Reads a whole answer and keeps what a replay needs: status, the answer's own headers and the body's bytes. */
export async function recordAnswer(response: Response): Promise<RecordedAnswer> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name));
  return { status: response.status, headers, body };
}

/** What names a request: method, path and query, and the request body's text. */
export function requestKey(method: string, path: string, body = ''): string {
  return `${method.toUpperCase()} ${path} ${body}`;
}

export interface ReplayFloor {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** Answers `answer` to every request with this method, path and body from now on. */
  add(method: string, path: string, body: string | undefined, answer: RecordedAnswer): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * What the physics of an HTTP answer over loopback allows: a bare node:http server that reads the request
 * (headers and body), looks its answer up, and writes the recorded status, headers and bytes. No routing, no
 * token check, no work on the body. An unknown request gets 404 with an empty body.
 */
export async function startReplayFloor(): Promise<ReplayFloor> {
  const answers = new Map<string, RecordedAnswer>();
  const server: Server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const answer = answers.get(requestKey(request.method ?? 'GET', request.url ?? '/', body));
        if (!answer) {
          response.writeHead(404, { 'content-length': '0' }).end();
          return;
        }
        response.writeHead(answer.status, answer.headers.flat()).end(answer.body);
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    add(method, path, body, answer) {
      answers.set(requestKey(method, path, body), answer);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
