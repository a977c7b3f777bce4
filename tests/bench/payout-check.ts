import type { BatchCheck } from '../../src-preload/contract/payouts';
import { startSignedInCore, type SignedInCore } from '../integration/support/signed-in-core';
import { elapsedMs } from './support/service-session';
import { measured, type FigureModule } from './support/figure';
import { summarize } from './support/stats';

/** Addresses of three networks, so every checksum library takes part. */
const DESTINATIONS = [
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['ETH', '0x52908400098527886E0F7030069857D2E4169EE7'],
  ['LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'],
] as const;

/** A payout file of `rows` payments, each with its own reference and amount, as a desk would export it. */
export function payoutLines(rows: number): string[] {
  return [
    'address,amount,asset,network,reference,label',
    ...Array.from({ length: rows }, (_, index) => {
      const [code, address] = DESTINATIONS[index % DESTINATIONS.length] ?? DESTINATIONS[0];
      return `${address},0.0000${String(1000 + index)},${code},,BENCH-${String(index)},Affiliate ${String(index)}`;
    }),
  ];
}

/**
 * Checking a 1,000-row payout file through the bridge, as the Payouts screen asks for it: every row's form,
 * address checksum, duplicates and known references, and the totals against the balance (one wallet read
 * and one fee precheck per asset at the sandbox).
 */
export const payoutCheck: FigureModule = {
  id: 'payout-check',
  async measure({ sandbox, quick, progress }) {
    let app: SignedInCore | null = null;
    try {
      app = await startSignedInCore(sandbox, { username: 'alice', dirPrefix: 'wallet-desk-bench-payouts-' });
      const lines = payoutLines(1_000);
      const runs = quick ? 5 : 15;
      progress(`payout check: ${runs} checks of a 1,000-row file`);
      // The first check loads the checksum libraries, as the first check after a launch would.
      await app.value<BatchCheck>('payouts.check', { lines, decimalSeparator: '.' });
      const samples: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const started = process.hrtime.bigint();
        const checked = await app.value<BatchCheck>('payouts.check', { lines, decimalSeparator: '.' });
        samples.push(elapsedMs(started));
        if (checked.rows.length !== 1_000) throw new Error(`the check kept ${String(checked.rows.length)} rows`);
      }
      return [
        measured(
          {
            id: 'payout-check',
            title: 'payout file check, 1,000 rows',
            unit: 'ms',
            target: { value: 1_000 },
            method: `${runs} checks through the bridge of a 1,000-row CSV (Bitcoin, Ethereum and Litecoin addresses): form, checksums, duplicates, known references, and totals with one wallet read and one fee precheck per asset at the local sandbox.`,
          },
          summarize(samples),
        ),
      ];
    } finally {
      await app?.close();
    }
  },
};
