import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { accountOf, api, login, start, TotpSource, user } from './helpers';
import {
  control,
  ETH_DEST,
  historyMatching,
  merchantCall,
  merchantOf,
  movements,
  withdrawEth,
  type InfoMerchant,
} from './service-calls';

const WINDOW = 20;
/**
 * Long enough for the look-ups made right after the call (the first history query of the 20,000-row
 * account builds it) on a loaded machine, short enough to keep the file quick.
 */
const DELAY_MS = 1000;

let sandbox: RunningSandbox;
let alice: string;
let trading: string;
let merchant: InfoMerchant;
let codes: TotpSource;
let merchantCodes: TotpSource;

beforeAll(async () => {
  sandbox = await start({ totpWindowSteps: WINDOW });
  alice = (await login(sandbox, 'alice')).access_token;
  trading = accountOf(sandbox.info(), 'alice', 'MerchantAdministrator');
  merchant = merchantOf(sandbox);
});
beforeEach(async () => {
  // Reset clears faults, movements, used TOTP steps and pending late commits, and restores the kind profile.
  await control(sandbox, 'POST', 'reset');
  codes = new TotpSource(user(sandbox.info(), 'alice').totpSecret, WINDOW);
  merchantCodes = new TotpSource(merchant.totpSecret, WINDOW);
});
afterAll(async () => {
  await sandbox.close();
});

const send = (referenceId: string, tfa = codes.next()) =>
  api<{ txId: string }>(sandbox, 'POST', '/send', {
    token: alice,
    account: trading,
    tfa,
    body: { symbol: 'ETH', address: ETH_DEST, amount: 0.05, feeRate: 1, referenceId },
  });
const ethBalance = async (): Promise<string> => {
  const res = await api<{ wallets: { symbol: string; amount: number }[] }>(sandbox, 'GET', '/wallets', {
    token: alice,
    account: trading,
  });
  return new Decimal(String(res.body.data.wallets.find((w) => w.symbol === 'ETH')?.amount)).toFixed();
};
const merchantEth = async (): Promise<string> => {
  const res = await merchantCall(sandbox, merchant, '/v1/merchant/balances', {});
  return new Decimal(String((res.body.data as { ethBalance: number }).ethBalance)).toFixed();
};
const faults = (plan: Record<string, unknown>) => control(sandbox, 'POST', 'faults', plan);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fault plan input', () => {
  it('accepts the new faults with their defaults and refuses bad ones with 400', async () => {
    const ok = await faults({ lateCommitNext: 2, unexpectedAnswerNext: { commit: 'late' } });
    expect(ok.status).toBe(200);
    expect(ok.body['plan']).toMatchObject({
      lateCommitNext: 2,
      lateCommitDelayMs: 1500,
      holdLateCommits: false,
      unexpectedAnswerNext: {
        count: 1,
        commit: 'late',
        status: 400,
        message: 'Request is under review',
        zCode: 'Z509',
      },
      dropAfterCommitNext: 0,
    });
    for (const bad of [
      { lateCommitNext: -1 },
      { lateCommitDelayMs: 'soon' },
      { unexpectedAnswerNext: { commit: 'maybe' } },
      { unexpectedAnswerNext: { commit: 'now', status: 200 } },
      { unexpectedAnswerNext: { commit: 'now', zCode: '509' } },
      { unexpectedAnswerNext: { commit: 'now', extra: true } },
      { unexpectedAnswerNext: {} },
    ]) {
      expect((await faults(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(() => sandbox.faults.set({ unexpectedAnswerNext: { commit: 'now', status: 99 } })).toThrow();
    expect((await control(sandbox, 'DELETE', 'faults')).body['plan']).toMatchObject({
      lateCommitNext: 0,
      unexpectedAnswerNext: null,
    });
  });
});

describe('lateCommitNext', () => {
  it('a send is accepted unanswered; history and movements see nothing at first, then the commit', async () => {
    const before = await ethBalance();
    // The default delay, 1500 ms.
    await faults({ lateCommitNext: 1 });
    await expect(send('late-1')).rejects.toThrow();
    expect((await historyMatching(sandbox, alice, trading, 'late-1')).totalRecords).toBe(0);
    expect(await movements(sandbox)).toEqual([]);
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(1);
    expect(await ethBalance()).toBe(before);

    await sandbox.lateCommitsSettled();
    const history = await historyMatching(sandbox, alice, trading, 'late-1');
    expect(history.items).toEqual([
      expect.objectContaining({ type: 'Withdraw', status: 'Completed', referenceId: 'late-1', to: ETH_DEST }),
    ]);
    expect((await movements(sandbox)).map((m) => [m.kind, m.referenceId])).toEqual([['send', 'late-1']]);
    expect(await ethBalance()).toBe(new Decimal(before).minus('0.05').minus('0.0006').toFixed());
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(0);
  });

  it('kind profile: a retry while the commit is pending is a replay, so the money moves once', async () => {
    await faults({ lateCommitNext: 1, lateCommitDelayMs: DELAY_MS });
    const code = codes.next();
    await expect(send('late-retry', code)).rejects.toThrow();
    const retry = await send('late-retry', code);
    expect(retry.status).toBe(200);
    await sandbox.lateCommitsSettled();
    const history = await historyMatching(sandbox, alice, trading, 'late-retry');
    expect(history.items.map((i) => i.txId)).toEqual([retry.body.data.txId]);
    expect(await movements(sandbox)).toHaveLength(1);
  });

  it('strict profile: a retry while the commit is pending moves money a second time', async () => {
    sandbox.setProfile('strict');
    await faults({ lateCommitNext: 1, lateCommitDelayMs: DELAY_MS });
    await expect(send('late-strict')).rejects.toThrow();
    expect((await send('late-strict')).status).toBe(200);
    await sandbox.lateCommitsSettled();
    expect((await movements(sandbox)).filter((m) => m.referenceId === 'late-strict')).toHaveLength(2);
  });

  it('applies to swaps', async () => {
    await faults({ lateCommitNext: 1, lateCommitDelayMs: DELAY_MS });
    const before = await ethBalance();
    const swap = api(sandbox, 'POST', '/swap', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body: {
        fromSymbol: 'ETH',
        fromNetwork: 'Ethereum Mainnet',
        toSymbol: 'USDT',
        toNetwork: 'Ethereum Mainnet',
        amount: 0.01,
        isUsdInput: false,
      },
    });
    await expect(swap).rejects.toThrow();
    expect(await ethBalance()).toBe(before);
    await sandbox.lateCommitsSettled();
    expect(await ethBalance()).toBe(new Decimal(before).minus('0.01').toFixed());
    expect((await movements(sandbox)).map((m) => m.kind)).toEqual(['swap']);
  });

  it('a withdrawal commits late: balance, linked history and movements change only after the delay', async () => {
    const before = await merchantEth();
    const account = merchant.linkedAccount?.guid ?? '';
    await faults({ lateCommitNext: 1, lateCommitDelayMs: DELAY_MS });
    await expect(
      withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-late' }, merchantCodes.next()),
    ).rejects.toThrow();
    expect(await merchantEth()).toBe(before);
    expect((await historyMatching(sandbox, alice, account, 'MTX-late')).totalRecords).toBe(0);
    expect(await movements(sandbox)).toEqual([]);

    await sandbox.lateCommitsSettled();
    expect(await merchantEth()).toBe(new Decimal(before).minus('0.01').toFixed());
    expect((await historyMatching(sandbox, alice, account, 'MTX-late')).items).toEqual([
      expect.objectContaining({ merchantTransactionId: 'MTX-late', withdrawType: 3 }),
    ]);
    expect((await movements(sandbox)).map((m) => m.merchantTransactionId)).toEqual(['MTX-late']);
  });

  it('a reset cancels a pending late commit', async () => {
    const before = await ethBalance();
    await faults({ lateCommitNext: 1, lateCommitDelayMs: DELAY_MS });
    await expect(send('late-cancelled')).rejects.toThrow();
    await control(sandbox, 'POST', 'reset');
    await pause(DELAY_MS + 200);
    expect(await movements(sandbox)).toEqual([]);
    expect(await ethBalance()).toBe(before);
  });
});

describe('holdLateCommits', () => {
  it('a held late commit lands when released, not when its delay is up; releasing again lands nothing', async () => {
    const before = await ethBalance();
    await faults({ lateCommitNext: 1, lateCommitDelayMs: 0, holdLateCommits: true });
    await expect(send('held-1')).rejects.toThrow();
    // Well past the delay: a held commit does not look at it.
    await pause(300);
    expect((await historyMatching(sandbox, alice, trading, 'held-1')).totalRecords).toBe(0);
    expect(await movements(sandbox)).toEqual([]);
    expect(await ethBalance()).toBe(before);
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(1);

    expect((await control(sandbox, 'POST', 'late-commits/release')).body).toEqual({ released: 1 });
    expect((await historyMatching(sandbox, alice, trading, 'held-1')).items).toEqual([
      expect.objectContaining({ type: 'Withdraw', status: 'Completed', referenceId: 'held-1' }),
    ]);
    expect((await movements(sandbox)).map((m) => [m.kind, m.referenceId])).toEqual([['send', 'held-1']]);
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(0);
    expect(sandbox.releaseLateCommits()).toBe(0);
    expect(await movements(sandbox)).toHaveLength(1);
  });

  it("holds unexpectedAnswerNext's late commits and withdrawals too; settling waits for the release", async () => {
    await faults({ holdLateCommits: true, unexpectedAnswerNext: { commit: 'late', status: 503 } });
    expect((await send('held-send')).status).toBe(503);
    await faults({ lateCommitNext: 1 });
    await expect(
      withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-held' }, merchantCodes.next()),
    ).rejects.toThrow();
    let settled = false;
    const settling = sandbox.lateCommitsSettled().then(() => {
      settled = true;
    });
    await pause(100);
    expect(settled).toBe(false);
    expect(await movements(sandbox)).toEqual([]);

    expect(sandbox.releaseLateCommits()).toBe(2);
    await settling;
    // Landed in the order they were accepted.
    expect((await movements(sandbox)).map((m) => m.kind)).toEqual(['send', 'withdraw']);
  });

  it('is off by default and after a reset, which also cancels held commits', async () => {
    expect(sandbox.faults.plan.holdLateCommits).toBe(false);
    await faults({ lateCommitNext: 1, holdLateCommits: true });
    await expect(send('held-cancelled')).rejects.toThrow();
    await control(sandbox, 'POST', 'reset');
    expect(sandbox.faults.plan.holdLateCommits).toBe(false);
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(0);
    expect(sandbox.releaseLateCommits()).toBe(0);
    expect(await movements(sandbox)).toEqual([]);
    expect((await faults({ holdLateCommits: 'yes' })).status).toBe(400);
  });

  it('clearing the fault plan drops held commits unlanded, in process or by DELETE; a timed one still lands', async () => {
    const before = await ethBalance();
    await faults({ lateCommitNext: 1, holdLateCommits: true });
    await expect(send('held-dropped')).rejects.toThrow();
    const settling = sandbox.lateCommitsSettled();
    sandbox.faults.reset();
    // The waiter for the held commit is woken by the drop, not left hanging until a release.
    await settling;
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(0);
    expect(sandbox.releaseLateCommits()).toBe(0);
    expect(await movements(sandbox)).toEqual([]);
    expect(await ethBalance()).toBe(before);
    expect((await historyMatching(sandbox, alice, trading, 'held-dropped')).totalRecords).toBe(0);

    await faults({ holdLateCommits: true, unexpectedAnswerNext: { commit: 'late', status: 503 } });
    expect((await send('held-dropped-delete')).status).toBe(503);
    await faults({ holdLateCommits: false, lateCommitNext: 1, lateCommitDelayMs: 200 });
    await expect(send('timed-kept')).rejects.toThrow();
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(2);
    await control(sandbox, 'DELETE', 'faults');
    expect((await control(sandbox, 'GET', 'movements')).body['pending']).toBe(1);
    expect(sandbox.releaseLateCommits()).toBe(0);
    await sandbox.lateCommitsSettled();
    expect((await movements(sandbox)).map((m) => m.referenceId)).toEqual(['timed-kept']);
  });
});

describe('unexpectedAnswerNext, Interface A', () => {
  it("commit 'now': an unlisted error answer, yet the money has moved", async () => {
    const before = await ethBalance();
    await faults({ unexpectedAnswerNext: { commit: 'now' } });
    const res = await send('unexpected-now');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Request is under review' });
    expect(await ethBalance()).not.toBe(before);
    expect((await historyMatching(sandbox, alice, trading, 'unexpected-now')).totalRecords).toBe(1);
    expect(await movements(sandbox)).toHaveLength(1);
  });

  it("commit 'none': the error is true, nothing moves, and a kind retry with the same referenceId moves once", async () => {
    const before = await ethBalance();
    await faults({ unexpectedAnswerNext: { commit: 'none', status: 503, message: 'Upstream unavailable' } });
    const res = await send('unexpected-none');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ data: false, code: 503, message: 'Upstream unavailable' });
    await pause(DELAY_MS);
    expect(await ethBalance()).toBe(before);
    expect(await movements(sandbox)).toEqual([]);
    expect((await send('unexpected-none')).status).toBe(200);
    expect(await movements(sandbox)).toHaveLength(1);
  });

  it("commit 'late': the error comes first, the money moves after lateCommitDelayMs", async () => {
    await faults({ lateCommitDelayMs: DELAY_MS, unexpectedAnswerNext: { commit: 'late', status: 502 } });
    const res = await send('unexpected-late');
    expect(res.body).toMatchObject({ code: 502, message: 'Request is under review' });
    expect(await movements(sandbox)).toEqual([]);
    expect((await historyMatching(sandbox, alice, trading, 'unexpected-late')).totalRecords).toBe(0);
    await sandbox.lateCommitsSettled();
    expect((await historyMatching(sandbox, alice, trading, 'unexpected-late')).totalRecords).toBe(1);
    expect(await movements(sandbox)).toHaveLength(1);
  });

  it('count answers that many calls, then calls succeed again', async () => {
    await faults({ unexpectedAnswerNext: { commit: 'none', count: 2 } });
    expect((await send('count-1')).status).toBe(400);
    expect((await send('count-2')).status).toBe(400);
    expect((await send('count-3')).status).toBe(200);
  });
});

describe('unexpectedAnswerNext, Interface B', () => {
  const withdraw = (id: string) => withdrawEth(sandbox, merchant, { merchantTransactionId: id }, merchantCodes.next());

  it("commit 'now': the default Z509 with the money moved", async () => {
    const before = await merchantEth();
    await faults({ unexpectedAnswerNext: { commit: 'now' } });
    const res = await withdraw('MTX-u-now');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: null, code: 400, message: 'Z509' });
    expect(await merchantEth()).toBe(new Decimal(before).minus('0.01').toFixed());
    expect((await movements(sandbox)).map((m) => m.merchantTransactionId)).toEqual(['MTX-u-now']);
  });

  it("commit 'none': a custom code and status, nothing moved", async () => {
    const before = await merchantEth();
    await faults({ unexpectedAnswerNext: { commit: 'none', status: 500, zCode: 'Z999' } });
    const res = await withdraw('MTX-u-none');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: null, code: 500, message: 'Z999' });
    await pause(DELAY_MS);
    expect(await merchantEth()).toBe(before);
    expect(await movements(sandbox)).toEqual([]);
  });

  it("commit 'late': the money moves after the answer", async () => {
    const before = await merchantEth();
    await faults({ lateCommitDelayMs: DELAY_MS, unexpectedAnswerNext: { commit: 'late' } });
    expect((await withdraw('MTX-u-late')).body.message).toBe('Z509');
    expect(await merchantEth()).toBe(before);
    await sandbox.lateCommitsSettled();
    expect(await merchantEth()).toBe(new Decimal(before).minus('0.01').toFixed());
    expect(await movements(sandbox)).toHaveLength(1);
  });
});

describe('faults that must move nothing, and drop after commit', () => {
  it('failNext and rateLimitNext on money-moving calls record no movement, in both profiles', async () => {
    for (const profile of ['kind', 'strict'] as const) {
      sandbox.setProfile(profile);
      await faults({ failNext: 1 });
      expect((await send(`fail-${profile}`)).status).toBe(500);
      await faults({ rateLimitNext: 1 });
      expect((await send(`limited-${profile}`)).status).toBe(429);
      await faults({ failNext: 1 });
      expect(
        (await withdrawEth(sandbox, merchant, { merchantTransactionId: `MTX-f-${profile}` }, merchantCodes.next()))
          .status,
      ).toBe(500);
      await faults({ rateLimitNext: 1 });
      expect(
        (await withdrawEth(sandbox, merchant, { merchantTransactionId: `MTX-r-${profile}` }, merchantCodes.next())).body
          .message,
      ).toBe('Z429');
    }
    expect(await movements(sandbox)).toEqual([]);
  });

  it('dropAfterCommitNext records the movement once; the kind replay adds none', async () => {
    await faults({ dropAfterCommitNext: 1 });
    const code = codes.next();
    await expect(send('drop-once', code)).rejects.toThrow();
    expect(await movements(sandbox)).toHaveLength(1);
    expect((await send('drop-once', code)).status).toBe(200);
    expect(await movements(sandbox)).toHaveLength(1);
  });
});

describe('refuseAfterCommitNext', () => {
  it('is off by default and refuses a bad count with 400', async () => {
    expect(sandbox.faults.plan.refuseAfterCommitNext).toBe(0);
    expect((await faults({ refuseAfterCommitNext: -1 })).status).toBe(400);
  });

  it('Interface A: the send commits, then the answer is the refusal for a short balance', async () => {
    const before = await ethBalance();
    await faults({ refuseAfterCommitNext: 1 });
    const res = await send('refused-yet-moved');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Insufficient balance' });
    expect(await ethBalance()).toBe(new Decimal(before).minus('0.05').minus('0.0006').toFixed());
    expect((await historyMatching(sandbox, alice, trading, 'refused-yet-moved')).items).toEqual([
      expect.objectContaining({ referenceId: 'refused-yet-moved', status: 'Completed' }),
    ]);
    expect((await movements(sandbox)).map((m) => m.referenceId)).toEqual(['refused-yet-moved']);
    // Taken once: the next send is answered as usual.
    expect((await send('after-refusal')).status).toBe(200);
  });

  it('Interface B: the withdrawal commits, then the answer is Z513', async () => {
    const before = await merchantEth();
    await faults({ refuseAfterCommitNext: 1 });
    const res = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-refused' }, merchantCodes.next());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: null, code: 400, message: 'Z513' });
    expect(await merchantEth()).toBe(new Decimal(before).minus('0.01').toFixed());
    expect((await movements(sandbox)).map((m) => m.merchantTransactionId)).toEqual(['MTX-refused']);
  });
});
