import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../../src-preload/contract/history';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { Result } from '../../../src-preload/result';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { readHistorySince } from '../../../src-renderer/src/screens/home/pictures/value-history';
import { lastDaySpans, startOfSpans, walkBack } from '../../../src-renderer/src/screens/home/pictures/value-over-time';
import { accountOf, api, login, TotpSource, user } from '../../sandbox/helpers';
import { startSignedInCore, type SignedInCore } from '../support/signed-in-core';

const WINDOW = 20;
const ETH_DEST = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_DEST = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let sandbox: RunningSandbox;
let app: SignedInCore;
let token: string;
let trading: string;
let codes: TotpSource;

beforeAll(async () => {
  // The default sandbox: Alice Trading Ltd holds the 20,000 seeded records.
  sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: WINDOW });
  const info = sandbox.info();
  trading = accountOf(info, 'alice', 'MerchantAdministrator');
  token = (await login(sandbox, 'alice')).access_token;
  codes = new TotpSource(user(info, 'alice').totpSecret, WINDOW);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

/** Sends through the service itself and returns the fee it charged, as its precheck names it. */
async function sendPayingFee(body: { symbol: string; address: string; amount: number; feeRate: 0 | 1 | 2 }) {
  const precheck = await api<{ feeData: { feeRate: number; fee: number; symbol: string }[] }>(
    sandbox,
    'POST',
    '/send/precheck',
    { token, account: trading, body: { symbol: body.symbol, address: body.address, amount: body.amount } },
  );
  const fee = precheck.body.data.feeData.find((entry) => entry.feeRate === body.feeRate)!;
  const sent = await api(sandbox, 'POST', '/send', { token, account: trading, tfa: codes.next(), body });
  expect(sent.status).toBe(200);
  return { symbol: fee.symbol, amount: new Decimal(String(fee.fee)) };
}

describe('value over time: the rebuild against the sandbox books on the 20,000-record account', () => {
  it('walks back to what each wallet held at the end of each of 365 days, but for the fees the history lacks', async () => {
    // Today's movements on top of the seeded year: a coin send (fee in BTC), a token send (fee in ETH) and a
    // swap (a withdrawal and a deposit in one).
    const fees = [
      await sendPayingFee({ symbol: 'BTC', address: BTC_DEST, amount: 0.01, feeRate: 1 }),
      await sendPayingFee({ symbol: 'USDT', address: ETH_DEST, amount: 25, feeRate: 2 }),
    ];
    const swap = await api(sandbox, 'POST', '/swap', {
      token,
      account: trading,
      tfa: codes.next(),
      body: {
        fromSymbol: 'ETH',
        fromNetwork: 'Ethereum Mainnet',
        toSymbol: 'BTC',
        toNetwork: 'Bitcoin Mainnet',
        amount: 0.05,
        isUsdInput: false,
      },
    });
    expect(swap.status).toBe(200);

    // Signed in after the movements: the balances main asks for as the session starts already hold them.
    app = await startSignedInCore(sandbox, { username: 'alice' });
    expect(app.core.session.view().activeAccountGuid).toBe(trading);

    // What the app reads, through main's bridge handlers, and rebuilds with the renderer's own code.
    const portfolio = await app.value<PortfolioView>('portfolio.wallets');
    const balancesAtMs = Date.parse(portfolio.fetchedAt);
    const days = lastDaySpans(365, new Date(balancesAtMs));
    const reading = await readHistorySince(
      (request) => app.call('history.page', request) as Promise<Result<HistoryPage>>,
      startOfSpans(days),
    );
    expect(reading.state).toBe('complete');
    // The year holds about half of the 20,000 records: the rebuild walks thousands of them.
    expect(reading.records.length).toBeGreaterThan(5_000);
    const rebuilt = walkBack({
      holdings: portfolio.wallets.map((wallet) => ({
        code: wallet.code,
        amount: wallet.amount,
        priceUsd: wallet.priceUsd,
      })),
      records: reading.records,
      days,
      balancesAtMs,
      completeFromMs: null,
      currency: 'usd',
    });
    expect(rebuilt).toHaveLength(365);

    // The books just before each day ends; today's as the balances were read.
    const books = sandbox.balancesAt(
      trading,
      days.map((span, index) => new Date(index === days.length - 1 ? balancesAtMs + 1 : span.endMs)),
    );
    const mismatches: string[] = [];
    rebuilt.forEach((held, index) => {
      const isToday = index === days.length - 1;
      expect(held.missing).toBeNull();
      for (const [symbol, booked] of Object.entries(books[index]!)) {
        // Every fee was paid today: each earlier day held it too, and no record says so.
        const unseenFees = isToday
          ? new Decimal(0)
          : fees.filter((fee) => fee.symbol === symbol).reduce((sum, fee) => sum.plus(fee.amount), new Decimal(0));
        const shown = new Decimal(held.balances?.get(symbol)?.toString() ?? '0').plus(unseenFees);
        if (!shown.eq(booked)) mismatches.push(`${held.day} ${symbol}: rebuilt ${shown}, books ${booked}`);
      }
    });
    expect(mismatches).toEqual([]);
    // The fees are real: without them the days before today would not match.
    expect(fees.every((fee) => fee.amount.gt(0))).toBe(true);
  }, 120_000);
});
