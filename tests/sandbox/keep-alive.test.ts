import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { api, start } from './helpers';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await start();
});
afterAll(() => sandbox.close());

/** The sandbox's end of every connection it accepts while `during` runs (Node's net.server.socket channel). */
async function serverSockets<T>(during: () => Promise<T>): Promise<{ result: T; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const onSocket = (message: unknown) => sockets.push((message as { socket: Socket }).socket);
  subscribe('net.server.socket', onSocket);
  try {
    return { result: await during(), sockets };
  } finally {
    unsubscribe('net.server.socket', onSocket);
  }
}

describe('the sandbox helpers’ own requests', () => {
  it('a request after the sandbox closed an idle connection is answered, as after its keep-alive ran out', async () => {
    const first = await serverSockets(() => api(sandbox, 'GET', '/session'));
    expect(first.result.status).toBe(401);
    // A turn of the event loop, so a connection kept alive is back in the client's pool.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // What the sandbox does once a connection has been idle for its keepAliveTimeout (5 s), and what a
    // loaded machine lets happen just as the next request is written: the sandbox closes its end first.
    for (const socket of first.sockets) socket.destroy();
    expect((await api(sandbox, 'GET', '/session')).status).toBe(401);
  });
});
