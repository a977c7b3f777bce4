import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { loopbackOnly } from '../../sandbox/control/router';

/** The server binds 127.0.0.1 only; this guard is the second line should it ever listen wider. */
function fakeContext(remoteAddress: string): Context & { status: number; body: unknown } {
  return { req: { socket: { remoteAddress } }, status: 404, body: undefined } as unknown as Context & {
    status: number;
    body: unknown;
  };
}

describe('control API guard', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('lets %s through', async (address) => {
    let reached = false;
    await loopbackOnly(fakeContext(address), async () => {
      reached = true;
    });
    expect(reached).toBe(true);
  });

  it.each(['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', ''])('refuses %s with 403', async (address) => {
    const ctx = fakeContext(address);
    let reached = false;
    await loopbackOnly(ctx, async () => {
      reached = true;
    });
    expect(reached).toBe(false);
    expect(ctx.status).toBe(403);
  });
});
