import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { recordAnswer, startReplayFloor, type ReplayFloor } from '../../../bench/support/replay-floor';

let floor: ReplayFloor | undefined;
let origin: Server | undefined;
afterEach(async () => {
  await floor?.close();
  await new Promise((resolve) => (origin ? origin.close(resolve) : resolve(undefined)));
  floor = undefined;
  origin = undefined;
});

/** A stand-in for the sandbox: answers each request with its method and body, and headers of its own. */
async function startOrigin(): Promise<string> {
  origin = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const json = JSON.stringify({ method: request.method, body, é: 'ü' });
      response.writeHead(201, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(json)),
        'cache-control': 'no-store',
      });
      response.end(json);
    });
  });
  await new Promise<void>((resolve) => origin!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
}

describe('the replay floor answers the very bytes recorded for a request', () => {
  it('replays status, the answer’s own headers and body per method, path and request body', async () => {
    const source = await startOrigin();
    floor = await startReplayFloor();
    const init = (page: number): RequestInit => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page }),
    });
    for (const page of [1, 2]) {
      const answer = await recordAnswer(await fetch(`${source}/api/OAuth/transactions`, init(page)));
      floor.add('POST', '/api/OAuth/transactions', JSON.stringify({ page }), answer);
    }
    const original = await fetch(`${source}/api/OAuth/transactions`, init(2));
    const originalBytes = Buffer.from(await original.arrayBuffer());
    const replayed = await fetch(`${floor.origin}/api/OAuth/transactions`, init(2));
    expect(replayed.status).toBe(201);
    expect(Buffer.from(await replayed.arrayBuffer()).equals(originalBytes)).toBe(true);
    for (const name of ['content-type', 'content-length', 'cache-control'])
      expect(replayed.headers.get(name)).toBe(original.headers.get(name));
    // Keep-alive and the date are the server's own, not copies of the origin's.
    expect(replayed.headers.get('connection')).toBe('keep-alive');
    expect(replayed.headers.get('date')).not.toBeNull();
  });

  it('answers 404 to a request it has no recording of', async () => {
    floor = await startReplayFloor();
    const other = await fetch(`${floor.origin}/api/OAuth/transactions`, { method: 'POST', body: '{"page":3}' });
    expect(other.status).toBe(404);
    expect((await other.arrayBuffer()).byteLength).toBe(0);
  });
});
