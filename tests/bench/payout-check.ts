import { createDispatcher, type Dispatch } from '../../src-main/dispatch';
import type { BatchCheck, CsvCheckInput } from '../../src-preload/contract/payouts';
import type { SessionView } from '../../src-preload/contract/session';
import { startSignedInCore, type SignedInCore } from '../integration/support/signed-in-core';
import { login } from '../sandbox/helpers';
import { ratioFigure, type FigureModule } from './support/figure';
import { bareRequest, checkRequestsOf, floorHandlers } from './support/payout-check-floor';
import { elapsedMs, type ServiceSession } from './support/service-session';
import { profileThisProcess } from './support/traces';

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

const TARGET = 3;

const METHOD = (runs: number, requests: number): string =>
  `${runs} checks through the bridge of a 1,000-row CSV (Bitcoin, Ethereum and Litecoin addresses): form, checksums, duplicates, known references, and totals with one wallet read and one fee precheck per asset at the local sandbox (${requests} requests). Floor, interleaved check by check (order turning): the same call through the same dispatcher with a handler that checks nothing, parsing the same 1,000 lines in and the app's own answer out, after the same ${requests} service requests in the same order with a bare fetch and JSON.parse. Target: at most 3× the floor. The app's own checking (CSV form with one Decimal per row, address checksums checked without a promise per row, totals) adds about 1.2 floors, so today's check is 1.8-2.4×; doubling that work would give about 3.4×, shown as missed, though within the 20 % that fails a run; the target is not lower because quick runs beside two CPU burners reach 2.4×; and the check as it was before (three Decimals and a promise per row) measured 2.9-3.1×, at the target's edge. The user-facing bound it came from, checking a 1,000-row file in at most 1 s, stays, and the absolute times are printed beside the ratio.`;

/**
 * One call through a dispatcher as the bench's signed-in core makes it (parse in, handler, parse out) and the
 * result serialised as JSON, standing in for the bridge's copy to the window; resolves with its time and value.
 */
async function timedCheck(dispatch: Dispatch, input: CsvCheckInput): Promise<{ ms: number; value: BatchCheck }> {
  const started = process.hrtime.bigint();
  const result = await dispatch('payouts.check', input);
  JSON.stringify(result);
  const ms = elapsedMs(started);
  if (!result.ok) throw new Error(`payouts.check: ${result.error.code}: ${result.error.message}`);
  const value = result.value as BatchCheck;
  if (value.rows.length !== 1_000) throw new Error(`the check kept ${String(value.rows.length)} rows`);
  return { ms, value };
}

/**
 * Checking a 1,000-row payout file through the bridge, as the Payouts screen asks for it: every row's form,
 * address checksum, duplicates and known references, and the totals against the balance (one wallet read
 * and one fee precheck per asset at the sandbox). Judged against a floor of the same call that checks
 * nothing: the same bridge parsing the same lines in and an answer of the same size out, and the same
 * service requests in the same order with a bare fetch, check by check, the order turning.
 */
export const payoutCheck: FigureModule = {
  id: 'payout-check',
  async measure({ root, sandbox, quick, progress }) {
    let app: SignedInCore | null = null;
    try {
      app = await startSignedInCore(sandbox, { username: 'alice', dirPrefix: 'wallet-desk-bench-payouts-' });
      const input: CsvCheckInput = { lines: payoutLines(1_000), decimalSeparator: '.' };
      // The floor's requests go with a token of the same user to the account the app has active.
      const view = await app.value<SessionView>('session.get');
      if (!view.activeAccountGuid) throw new Error('the signed-in core has no active account');
      const tokens = await login(sandbox, 'alice');
      const service: ServiceSession = {
        apiRoot: `${sandbox.baseUrl}/api/OAuth`,
        baseUrl: sandbox.baseUrl,
        accessToken: tokens.access_token,
        accountGuid: view.activeAccountGuid,
      };
      const appDispatch = createDispatcher(app.core.handlers, app.logger);
      // The first check loads the checksum libraries, as the first check after a launch would; its answer is
      // the one the floor gives back.
      const { value: answer } = await timedCheck(appDispatch, input);
      const requests = checkRequestsOf(answer.rows);
      const floorDispatch = createDispatcher(
        floorHandlers(app.core.handlers, answer, (request) => bareRequest(service, request)),
        app.logger,
      );
      await timedCheck(floorDispatch, input);
      const runs = quick ? 10 : 40;
      progress(`payout check: ${runs} checks of a 1,000-row file, each beside a check that checks nothing`);
      const appMs: number[] = [];
      const floorMs: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        if (run % 2 === 0) {
          appMs.push((await timedCheck(appDispatch, input)).ms);
          floorMs.push((await timedCheck(floorDispatch, input)).ms);
        } else {
          floorMs.push((await timedCheck(floorDispatch, input)).ms);
          appMs.push((await timedCheck(appDispatch, input)).ms);
        }
      }
      // Where the time goes: one more check and one more floor, profiled (not counted; profiling slows both).
      progress('payout check: one profiled check and floor for bench/traces');
      await profileThisProcess(root, 'payout-check.cpuprofile', () => timedCheck(appDispatch, input));
      await profileThisProcess(root, 'payout-check-floor.cpuprofile', () => timedCheck(floorDispatch, input));
      return [
        ratioFigure({
          id: 'payout-check',
          title: 'payout file check, 1,000 rows',
          target: { value: TARGET },
          method: METHOD(runs, requests.length),
          app: appMs,
          floor: floorMs,
          note: 'CPU profiles of one check and of one floor in bench/traces/payout-check*.cpuprofile',
          details: { serviceRequests: requests.map((request) => request.path) },
        }),
      ];
    } finally {
      await app?.close();
    }
  },
};
