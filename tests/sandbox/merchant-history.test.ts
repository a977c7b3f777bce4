import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { api, login, start, TotpSource } from './helpers';
import { depositCreateBody } from './interface-b-harness';
import {
  control,
  ETH_DEST,
  historyMatching,
  merchantCall,
  merchantOf,
  withdrawEth,
  type HistoryItem,
} from './service-calls';

const WINDOW = 20;
let sandbox: RunningSandbox;
let alice: string;

beforeAll(async () => {
  sandbox = await start({ totpWindowSteps: WINDOW });
  alice = (await login(sandbox, 'alice')).access_token;
});
beforeEach(async () => {
  await control(sandbox, 'POST', 'reset');
});
afterAll(async () => {
  await sandbox.close();
});

describe('merchants and their Interface A accounts', () => {
  it('links every merchant to a non-personal account, listed in /__sandbox/info with the merchantGuid GET /accounts reports', async () => {
    const info = sandbox.info();
    const companies = new Map(
      info.users.flatMap((u) => u.accounts.filter((a) => !a.isPersonalAccount).map((a) => [a.guid, a.name])),
    );
    expect(info.merchants.map((m) => m.linkedAccount?.name)).toEqual([
      'Alice Trading Ltd',
      'Northwind Payments',
      'Alice Trading Ltd',
    ]);
    for (const merchant of info.merchants) {
      const linked = merchant.linkedAccount;
      if (!linked) throw new Error(`${merchant.name} has no linked account`);
      expect(companies.get(linked.guid)).toBe(linked.name);
      const profile = await api<{ merchantGuid: string }>(sandbox, 'GET', '/accounts', {
        token: alice,
        account: linked.guid,
      });
      expect(profile.body.data.merchantGuid).toBe(linked.merchantGuid);
    }
    expect((await control(sandbox, 'GET', 'info')).body['merchants']).toEqual(info.merchants);
  });
});

describe('Interface B withdrawals in the linked account history', () => {
  for (const profile of ['kind', 'strict'] as const) {
    it(`${profile} profile: a Withdraw row with withdrawType 3, found by its MerchantTransactionId`, async () => {
      sandbox.setProfile(profile);
      const merchant = merchantOf(sandbox);
      const account = merchant.linkedAccount?.guid ?? '';
      const id = `MTX-hist-${profile}`;
      const codes = new TotpSource(merchant.totpSecret, WINDOW);
      expect((await historyMatching(sandbox, alice, account, id)).totalRecords).toBe(0);
      const res = await withdrawEth(
        sandbox,
        merchant,
        { merchantTransactionId: id, referenceId: 'member-9' },
        codes.next(),
      );
      expect(res.status).toBe(200);
      const history = await historyMatching(sandbox, alice, account, id);
      expect(history.items).toEqual([
        expect.objectContaining<Partial<HistoryItem>>({
          type: 'Withdraw',
          status: 'Completed',
          withdrawType: 3,
          merchantTransactionId: id,
          referenceId: 'member-9',
          to: ETH_DEST,
          symbol: 'ETH',
          amount: 0.01,
          txId: (res.body.data as { txId: string }).txId,
        }),
      ]);
      // Newest first, so it also heads the merchant API withdrawals of that account.
      const api3 = await api<{ items: HistoryItem[] }>(sandbox, 'POST', '/transactions', {
        token: alice,
        account,
        body: { page: 1, recordsPerPage: 1, withdrawTypes: [3] },
      });
      expect(api3.body.data.items[0]?.merchantTransactionId).toBe(id);
    });
  }

  it('another merchant’s withdrawal lands in its own linked account, not in the first one', async () => {
    const contoso = merchantOf(sandbox, 1);
    const first = merchantOf(sandbox, 0);
    const codes = new TotpSource(contoso.totpSecret, WINDOW);
    expect((await withdrawEth(sandbox, contoso, { merchantTransactionId: 'MTX-contoso' }, codes.next())).status).toBe(
      200,
    );
    expect((await historyMatching(sandbox, alice, contoso.linkedAccount?.guid ?? '', 'MTX-contoso')).totalRecords).toBe(
      1,
    );
    expect((await historyMatching(sandbox, alice, first.linkedAccount?.guid ?? '', 'MTX-contoso')).totalRecords).toBe(
      0,
    );
  });

  it('a refused withdrawal leaves no row', async () => {
    const merchant = merchantOf(sandbox);
    const res = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-refused' }, '000000');
    expect(res.status).toBe(400);
    expect(
      (await historyMatching(sandbox, alice, merchant.linkedAccount?.guid ?? '', 'MTX-refused')).totalRecords,
    ).toBe(0);
  });
});

describe('history text filter', () => {
  it('matches the merchantTransactionId of seeded rows', async () => {
    const account = merchantOf(sandbox).linkedAccount?.guid ?? '';
    const page = await api<{ items: HistoryItem[] }>(sandbox, 'POST', '/transactions', {
      token: alice,
      account,
      body: { page: 1, recordsPerPage: 100, withdrawTypes: [3] },
    });
    const seeded = page.body.data.items.find((i) => i.merchantTransactionId !== '');
    if (!seeded) throw new Error('no seeded row with a merchantTransactionId');
    const found = await historyMatching(sandbox, alice, account, seeded.merchantTransactionId.toLowerCase());
    expect(found.items.map((i) => i.txId)).toContain(seeded.txId);
    for (const item of found.items)
      expect(JSON.stringify(item).toLowerCase()).toContain(seeded.merchantTransactionId.toLowerCase());
  });
});

describe('Interface B deposits in the linked account history', () => {
  it('a deposit on a merchant deposit address is a Deposit row of the linked account, with its ReferenceId', async () => {
    const merchant = merchantOf(sandbox);
    const account = merchant.linkedAccount?.guid ?? '';
    const created = await merchantCall(
      sandbox,
      merchant,
      '/v1/deposit/address/create',
      depositCreateBody(merchant, {
        Symbol: 'LTC',
        Label: 'Order 31',
        ReferenceId: 'order-31',
        CallbackUrl: 'http://127.0.0.1:9/hook',
      }),
    );
    const address = (created.body.data as { wallet: string }).wallet;
    expect((await historyMatching(sandbox, alice, account, 'order-31')).totalRecords).toBe(0);
    const paid = await control(sandbox, 'POST', 'deposit', {
      address,
      amount: '1.25',
      uniqueId: 'tx-order-31',
      retryDelayMs: 0,
      timeoutMs: 200,
    });
    expect(paid.status).toBe(200);
    expect((await historyMatching(sandbox, alice, account, 'order-31')).items).toEqual([
      expect.objectContaining<Partial<HistoryItem>>({
        type: 'Deposit',
        status: 'Completed',
        withdrawType: 0,
        referenceId: 'order-31',
        symbol: 'LTC',
        amount: 1.25,
        txId: 'tx-order-31',
      }),
    ]);
    const [row] = (await historyMatching(sandbox, alice, account, 'order-31')).items as unknown as Array<{
      address: string;
    }>;
    expect(row?.address).toBe(address);
  });
});
