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

describe('loopback listener', () => {
  it('listens on 127.0.0.1 with an OS-chosen port and the /callback path', async () => {
    const listener = await openLoopbackListener({ timeoutMs: 5_000 });
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(listener.redirectUri).not.toContain(':0/');
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
