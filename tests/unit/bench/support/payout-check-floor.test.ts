import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../../src-main/dispatch';
import { checkBatch } from '../../../../src-main/features/payouts/batch-check';
import type { BatchCheck } from '../../../../src-preload/contract/payouts';
import { payoutLines } from '../../../bench/payout-check';
import { checkRequestsOf, floorHandlers } from '../../../bench/support/payout-check-floor';
import type { ServiceRequest } from '../../../bench/support/service-session';

const silent = { warn() {}, error() {} };

/** The app's own check of the bench's file, its service requests recorded in the order it makes them. */
async function appCheck(): Promise<{ answer: BatchCheck; asked: ServiceRequest[] }> {
  const asked: ServiceRequest[] = [];
  const answer = await checkBatch(payoutLines(30), '.', {
    knowsReference: () => false,
    newReference: () => 'made-here',
    async wallets() {
      asked.push({ method: 'GET', path: '/wallets' });
      return [];
    },
    async feeOf(code, address, amount) {
      asked.push({ method: 'POST', path: '/send/precheck', body: { symbol: code, address, amount: Number(amount) } });
      return { fee: new Decimal('0.0001'), feeSymbol: code };
    },
  });
  return { answer, asked };
}

describe('the payout check floor', () => {
  it('asks the service what the app check asks, in the same order', async () => {
    const { answer, asked } = await appCheck();
    expect(asked.map((request) => request.path)).toEqual([
      '/wallets',
      '/send/precheck',
      '/send/precheck',
      '/send/precheck',
    ]);
    expect(checkRequestsOf(answer.rows)).toEqual(asked);
  });

  it('answers through the dispatcher with the given answer after making the requests one by one', async () => {
    const { answer, asked } = await appCheck();
    const made: string[] = [];
    const app = {
      'payouts.check': () => {
        throw new Error('the app check must not run');
      },
    } as unknown as Handlers;
    const dispatch = createDispatcher(
      floorHandlers(app, answer, async (request) => {
        made.push(`${request.path} start`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        made.push(`${request.path} end`);
      }),
      silent,
    );
    const result = await dispatch('payouts.check', { lines: payoutLines(30), decimalSeparator: '.' });
    expect(result).toEqual({ ok: true, value: answer });
    expect(made).toEqual(asked.flatMap((request) => [`${request.path} start`, `${request.path} end`]));
  });
});
