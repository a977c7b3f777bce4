import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendAsset, SendOutcome, SendPrecheck, SendReview } from '../../../src-preload/contract/send';
import { startMoneyApp, type MoneyApp } from '../support/money-app';

/** BIP-173's example P2WPKH address and EIP-55's example address: valid, checksummed, not ours. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EVM_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** A segwit v0 Litecoin address built for these tests (bech32 prefix ltc). */
const LTC_DESTINATION = 'ltc1qpvc9275lcn5suv6c0k3v0mq3xedcpfw24vvr3x';

async function balances(app: MoneyApp): Promise<Map<string, Decimal>> {
  const assets = await app.value<SendAsset[]>('send.assets');
  return new Map(assets.map((asset) => [asset.code, new Decimal(asset.balance)]));
}

async function prepare(
  app: MoneyApp,
  input: { code: string; address: string; amount: string; feeRate: 0 | 1 | 2 },
): Promise<SendReview> {
  const precheck = await app.value<SendPrecheck>('send.precheck', {
    code: input.code,
    address: input.address,
    amount: input.amount,
  });
  return app.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: input.feeRate });
}

describe('send against the sandbox', () => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends at each fee level and the balance drops by exactly the amount plus that fee', async () => {
    const fees: Decimal[] = [];
    for (const feeRate of [0, 1, 2] as const) {
      const before = await balances(app);
      const precheck = await app.value<SendPrecheck>('send.precheck', {
        code: 'BTC',
        address: BTC_DESTINATION,
        amount: '0.00123',
      });
      expect(precheck.feeOptions.map((option) => option.feeRate)).toEqual([0, 1, 2]);
      expect(precheck.availableBalance).toBe(before.get('BTC')?.toFixed());
      const option = precheck.feeOptions[feeRate];
      expect(option?.arrivalEstimation).not.toBe('');
      const review = await app.value<SendReview>('send.confirm', {
        precheckId: precheck.precheckId,
        feeRate,
        description: `fee level ${feeRate}`,
      });
      expect(review).toMatchObject({
        destination: BTC_DESTINATION,
        amount: '0.00123',
        fee: option?.fee,
        feeRate,
      });
      expect(new Decimal(review.totalUsd).toFixed(2)).toBe(
        new Decimal(review.amountUsd).plus(review.feeUsd).toFixed(2),
      );

      const outcome = await app.value<SendOutcome>('send.execute', {
        intentId: review.intentId,
        tfaCode: await app.nextCode(),
      });
      expect(outcome.txId).toMatch(/^[0-9a-f]{64}$/);
      expect(outcome.explorerUrl).toBe(`https://mempool.space/tx/${outcome.txId}`);
      expect(outcome.referenceId).toBe(review.referenceId);

      const after = await balances(app);
      const fee = new Decimal(review.fee);
      fees.push(fee);
      expect(after.get('BTC')?.toFixed()).toBe(before.get('BTC')?.minus('0.00123').minus(fee).toFixed());
    }
    expect(fees[0]?.lessThan(fees[1] ?? 0) && fees[1]?.lessThan(fees[2] ?? 0)).toBe(true);
    const sent = app.requests.filter((request) => request.path === '/send');
    expect(sent.map((request) => request.body?.feeRate)).toEqual([0, 1, 2]);
    expect(new Set(sent.map((request) => request.body?.referenceId)).size).toBe(3);
  });

  it('pays a token fee from the chain wallet: USDT drops by the amount, ETH by the fee', async () => {
    const before = await balances(app);
    const review = await prepare(app, { code: 'USDT', address: EVM_DESTINATION, amount: '12.5', feeRate: 1 });
    expect(review.feeSymbol).toBe('ETH');
    await app.value('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const after = await balances(app);
    expect(after.get('USDT')?.toFixed()).toBe(before.get('USDT')?.minus('12.5').toFixed());
    expect(after.get('ETH')?.toFixed()).toBe(before.get('ETH')?.minus(review.fee).toFixed());
  });

  it('Max sends everything but the selected fee, leaving exactly zero', async () => {
    const before = await balances(app);
    const checked = await app.value<SendPrecheck>('send.precheck', {
      code: 'LTC',
      address: LTC_DESTINATION,
      amount: 'max',
      maxFeeRate: 2,
    });
    expect(checked.isMax).toBe(true);
    const high = checked.feeOptions[2];
    expect(checked.amount).toBe(high?.maxAmount);
    expect(new Decimal(checked.amount).plus(high?.fee ?? 0).toFixed()).toBe(before.get('LTC')?.toFixed());
    const review = await app.value<SendReview>('send.confirm', { precheckId: checked.precheckId, feeRate: 2 });
    await app.value('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect((await balances(app)).get('LTC')?.toFixed()).toBe('0');
    // Nothing left: Max now says so instead of offering a negative amount.
    const empty = await app.failure('send.precheck', { code: 'LTC', address: checked.address, amount: 'max' });
    expect(empty).toMatchObject({ code: 'insufficient_balance', field: 'amount' });
  });
});
