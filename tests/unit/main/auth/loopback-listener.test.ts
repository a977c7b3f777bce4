import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src-main/app-error';
import { openLoopbackListener } from '../../../../src-main/auth/loopback-listener';
import { setMainLanguage } from '../../../../src-main/i18n/main-text';

const STATE = 'Zq3-state-of-this-attempt_0123456789abcdefghij';

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

/** A client that connects, sends `partial` (part of a request, or nothing) and then stalls. */
async function halfSentRequest(port: number, partial: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  // Read whatever the server answers (a 408 on a header timeout): an unread answer would hold back 'close'.
  socket.resume();
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  if (partial) socket.write(partial);
  // Let the server read what was sent before the test goes on.
  await new Promise((resolve) => setTimeout(resolve, 30));
  return { socket, closed };
}

describe('loopback listener', () => {
  it('writes the return page and the time-out refusal in the chosen language', async () => {
    setMainLanguage('tr', []);
    try {
      const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
      const page = await (await fetch(`${listener.redirectUri}?code=abc&state=${STATE}`)).text();
      expect(page).toContain('<html lang="tr">');
      expect(page).toContain('Wallet Desk’e dönebilirsiniz');
      await listener.close();
      setMainLanguage('de', []);
      const late = await openLoopbackListener({ timeoutMs: 10, expectedState: STATE });
      expect((await rejection(late.callback)).message).toBe(
        'Die Anmeldung hat zu lange gedauert. Bitte versuchen Sie es erneut.',
      );
      await late.close();
    } finally {
      setMainLanguage('en', []);
    }
  });

  it('marks the return page as English when English is chosen at a German desk (German numbers, English words)', async () => {
    setMainLanguage('en', ['de-DE']);
    try {
      const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
      const page = await (await fetch(`${listener.redirectUri}?code=abc&state=${STATE}`)).text();
      expect(page).toContain('<html lang="en">');
      await listener.close();
    } finally {
      setMainLanguage('en', []);
    }
  });

  it('listens on 127.0.0.1 with an OS-chosen port and the /callback path', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
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
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
    const port = Number(new URL(listener.redirectUri).port);
    expect(await reaches('127.0.0.1', port)).toBe(true);
    for (const address of otherAddresses()) expect(await reaches(address, port), address).toBe(false);
    await listener.close();
  });

  it('takes exactly one callback, answers with a return page, then refuses more', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
    const favicon = await fetch(new URL('/favicon.ico', listener.redirectUri));
    expect(favicon.status).toBe(404);
    const first = await fetch(`${listener.redirectUri}?code=abc&state=${STATE}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('You can return to Wallet Desk');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const received = await listener.callback;
    expect(received.href).toBe(`${listener.redirectUri}?code=abc&state=${STATE}`);
    // The listener stops accepting connections: a second callback is refused one way or another.
    const second = await fetch(`${listener.redirectUri}?code=def&state=${STATE}`).then(
      (response) => response.status,
      () => 'refused' as const,
    );
    expect(second === 'refused' || second === 409).toBe(true);
    await listener.close();
  });

  it("answers 400 to callbacks without this attempt's state and keeps listening for the real one (security 32)", async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
    let settled = false;
    void listener.callback.then(() => (settled = true));
    for (const query of [
      '',
      '?code=from-a-port-scan',
      '?code=stolen&state=forged',
      '?code=x&state=',
      `?code=x&state=${STATE}x`,
      `?code=x&state=${STATE.toUpperCase()}`,
      `?code=x&state=forged&state=${STATE}`,
    ]) {
      const stray = await fetch(`${listener.redirectUri}${query}`);
      expect(stray.status, query).toBe(400);
      expect(await stray.text()).toContain('not the sign-in Wallet Desk is waiting for');
    }
    expect(settled).toBe(false);

    const real = await fetch(`${listener.redirectUri}?code=abc&state=${STATE}`);
    expect(real.status).toBe(200);
    expect((await listener.callback).href).toBe(`${listener.redirectUri}?code=abc&state=${STATE}`);
    await listener.close();
  });

  it('a half-sent request does not hold sign-in: the real callback closes the listener and every other connection at once', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE });
    const port = Number(new URL(listener.redirectUri).port);
    const stalled = await halfSentRequest(
      port,
      `GET /callback?code=abc&state=${STATE} HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
    );
    const silent = await halfSentRequest(port, '');

    const started = Date.now();
    const real = await fetch(`${listener.redirectUri}?code=abc&state=${STATE}`);
    expect(real.status).toBe(200);
    await listener.callback;
    await listener.close();
    await Promise.all([stalled.closed, silent.closed]);
    // Well below the 5 s header deadline: nothing waited for the stalled clients.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await reaches('127.0.0.1', port)).toBe(false);
  });

  it('drops connections that send their headers too slowly or nothing at all, and still takes the real callback', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE, connectionTimeoutMs: 200 });
    const port = Number(new URL(listener.redirectUri).port);
    const stalled = await halfSentRequest(port, 'GET /callback?code=abc HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const silent = await halfSentRequest(port, '');
    const started = Date.now();
    await Promise.all([stalled.closed, silent.closed]);
    expect(Date.now() - started).toBeLessThan(2_000);

    const real = await fetch(`${listener.redirectUri}?code=abc&state=${STATE}`);
    expect(real.status).toBe(200);
    await listener.callback;
    await listener.close();
  });

  it('ends the attempt after the timeout and stops listening', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 100, expectedState: STATE });
    const error = await rejection(listener.callback);
    expect(error.code).toBe('sign_in_failed');
    await expect(fetch(`${listener.redirectUri}?code=late`)).rejects.toThrow();
    await listener.close();
  });

  it('ends the attempt with sign_in_cancelled when aborted', async () => {
    const abort = new AbortController();
    const listener = await openLoopbackListener({ timeoutMs: 5_000, expectedState: STATE, signal: abort.signal });
    abort.abort();
    expect((await rejection(listener.callback)).code).toBe('sign_in_cancelled');
    await listener.close();
  });
});
