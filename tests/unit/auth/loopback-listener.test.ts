import { createServer, connect, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-main/app-error';
import { openLoopbackListener } from '../../../src-main/auth/loopback-listener';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** Whether a TCP connection to host:port is accepted within a second. */
function reaches(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (reached: boolean) => {
      socket.destroy();
      resolve(reached);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Addresses of this machine other than 127.0.0.1: the rest of 127/8 (Linux routes it all), ::1 and the LAN ones. */
function otherAddresses(): string[] {
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);
  return ['127.0.0.2', '::1', ...lan];
}

describe('loopback listener', () => {
  it('listens on 127.0.0.1 with an OS-chosen port and the /callback path', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000 });
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(listener.redirectUri).not.toContain(':0/');
    await listener.close();
  });

  it('is bound to 127.0.0.1 itself, not to every interface: no other address of this machine reaches it', async () => {
    if (process.platform === 'linux') {
      // The probe itself must be able to tell: a wildcard-bound server is reachable on 127.0.0.2.
      const wildcard = createServer();
      await new Promise<void>((resolve) => wildcard.listen(0, '0.0.0.0', resolve));
      const wildcardPort = (wildcard.address() as AddressInfo).port;
      expect(await reaches('127.0.0.2', wildcardPort)).toBe(true);
      await new Promise((resolve) => wildcard.close(resolve));
    }
    const listener = await openLoopbackListener({ timeoutMs: 5_000 });
    const port = Number(new URL(listener.redirectUri).port);
    expect(await reaches('127.0.0.1', port)).toBe(true);
    for (const address of otherAddresses()) expect(await reaches(address, port), address).toBe(false);
    await listener.close();
  });

  it('takes exactly one callback, answers with a return page, then refuses more', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000 });
    const favicon = await fetch(new URL('/favicon.ico', listener.redirectUri));
    expect(favicon.status).toBe(404);
    const first = await fetch(`${listener.redirectUri}?code=abc&state=xyz`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('You can return to Wallet Desk');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const received = await listener.callback;
    expect(received.href).toBe(`${listener.redirectUri}?code=abc&state=xyz`);
    // The listener stops accepting connections: a second callback is refused one way or another.
    const second = await fetch(`${listener.redirectUri}?code=def&state=xyz`).then(
      (response) => response.status,
      () => 'refused' as const,
    );
    expect(second === 'refused' || second === 409).toBe(true);
    await listener.close();
  });

  it('ends the attempt after the timeout and stops listening', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 100 });
    const error = await rejection(listener.callback);
    expect(error.code).toBe('sign_in_failed');
    await expect(fetch(`${listener.redirectUri}?code=late`)).rejects.toThrow();
    await listener.close();
  });

  it('ends the attempt with sign_in_cancelled when aborted', async () => {
    const abort = new AbortController();
    const listener = await openLoopbackListener({ timeoutMs: 5_000, signal: abort.signal });
    abort.abort();
    expect((await rejection(listener.callback)).code).toBe('sign_in_cancelled');
    await listener.close();
  });
});
