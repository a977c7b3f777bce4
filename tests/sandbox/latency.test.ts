import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { accountOf, api, login, start } from './helpers';

/**
 * Measures, does not assert a time: the machine is shared, so a timed assertion would be flaky. The
 * numbers are printed for the report (goal: median under 5 ms for both calls).
 */
let sandbox: RunningSandbox;
let token: string;
let account: string;

beforeAll(async () => {
  sandbox = await start({ rateLimit: { capacity: 10_000, refillPerSecond: 10_000 } });
  token = (await login(sandbox, 'alice')).access_token;
  account = accountOf(sandbox.info(), 'alice', 'MerchantAdministrator');
});
afterAll(async () => {
  await sandbox.close();
});

async function measure(label: string, call: () => Promise<{ status: number }>, runs = 300): Promise<number> {
  for (let i = 0; i < 30; i += 1) expect((await call()).status).toBe(200);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    const res = await call();
    times.push(performance.now() - t0);
    expect(res.status).toBe(200);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
  console.log(`[latency] ${label}: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${runs} requests`);
  return median;
}

describe('latency over loopback (measured, reported)', () => {
  it('GET /wallets', async () => {
    expect(await measure('GET /wallets', () => api(sandbox, 'GET', '/wallets', { token, account }))).toBeGreaterThan(0);
  });

  it('POST /transactions, 100 records of the 20,000-record account', async () => {
    const res = await api<{ totalRecords: number; items: unknown[] }>(sandbox, 'POST', '/transactions', {
      token,
      account,
      body: { page: 1, recordsPerPage: 100 },
    });
    expect(res.body.data.totalRecords).toBeGreaterThanOrEqual(20_000);
    expect(res.body.data.items).toHaveLength(100);
    let page = 0;
    expect(
      await measure('POST /transactions (100 of 20,000, newest first)', () =>
        api(sandbox, 'POST', '/transactions', {
          token,
          account,
          body: { page: (page++ % 200) + 1, recordsPerPage: 100 },
        }),
      ),
    ).toBeGreaterThan(0);
    expect(
      await measure(
        'POST /transactions (100, text filter + symbols + hideLowAmounts)',
        () =>
          api(sandbox, 'POST', '/transactions', {
            token,
            account,
            body: {
              page: 1,
              recordsPerPage: 100,
              filter: 'invoice',
              symbols: ['BTC', 'ETH', 'USDT'],
              hideLowAmounts: true,
            },
          }),
        100,
      ),
    ).toBeGreaterThan(0);
  });
});
