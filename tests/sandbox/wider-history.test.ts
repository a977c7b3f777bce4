import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { api, login, start, user } from './helpers';
import type { HistoryItem } from './service-calls';

// README "The wider service": its assets have history rows too, on both interfaces (an Interface B merchant
// withdrawal is a withdrawType 3 row of the linked account); off, the history is spec 2.3's alone.

async function firstPage(sandbox: RunningSandbox, token: string, account: string): Promise<HistoryItem[]> {
  const res = await api<{ items: HistoryItem[] }>(sandbox, 'POST', '/transactions', {
    token,
    account,
    body: { page: 1, recordsPerPage: 50 },
  });
  if (res.status !== 200) throw new Error(`history ${res.status}`);
  return res.body.data.items;
}

const widerSymbols = ['TRX', 'TRX-USD', 'SOL', 'AVAX', 'POL'];

describe('history rows of the wider service', () => {
  let sandbox: RunningSandbox;
  let alice: string;

  beforeAll(async () => {
    sandbox = await start({ widerService: true, seed: 7 });
    alice = (await login(sandbox, 'alice')).access_token;
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('a company account shows deposits and sends of each new asset and a merchant withdrawal of USDT on TRON', async () => {
    const [trading] = user(sandbox.info(), 'alice').accounts;
    const items = await firstPage(sandbox, alice, trading?.guid ?? '');
    const wider = items.filter((item) => widerSymbols.includes(item.symbol));
    for (const symbol of ['TRX', 'TRX-USD', 'SOL', 'AVAX']) {
      expect(wider, symbol).toContainEqual(expect.objectContaining({ symbol, type: 'Deposit', withdrawType: 0 }));
      expect(wider, symbol).toContainEqual(expect.objectContaining({ symbol, type: 'Withdraw', withdrawType: 1 }));
    }
    const payout = wider.find((item) => item.withdrawType === 3);
    expect(payout).toMatchObject({ symbol: 'TRX-USD', type: 'Withdraw', status: 'Completed' });
    expect(payout?.merchantTransactionId).not.toBe('');
    expect(payout?.to).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    // The newest rows: the History screen's first page opens on them.
    expect(items.slice(0, wider.length)).toEqual(wider);
  });

  it('a personal account has no merchant withdrawal, and POL amounts carry more than 8 decimal places', async () => {
    const personal = user(sandbox.info(), 'alice').accounts.find((account) => account.isPersonalAccount);
    const items = await firstPage(sandbox, alice, personal?.guid ?? '');
    expect(items.filter((item) => item.withdrawType === 3 && widerSymbols.includes(item.symbol))).toEqual([]);
    const pol = items.find((item) => item.symbol === 'POL');
    expect(String(pol?.amount).split('.')[1]?.length ?? 0).toBeGreaterThan(8);
  });
});

describe('the default service', () => {
  it('has no history row of an asset beyond spec 2.3', async () => {
    const sandbox = await start({ seed: 7 });
    try {
      const alice = (await login(sandbox, 'alice')).access_token;
      for (const account of user(sandbox.info(), 'alice').accounts) {
        const items = await firstPage(sandbox, alice, account.guid);
        expect(items.filter((item) => widerSymbols.includes(item.symbol))).toEqual([]);
      }
    } finally {
      await sandbox.close();
    }
  });
});
