import Decimal from 'decimal.js';
import type { Handlers } from '../../../src-main/dispatch';
import type { BatchCheck, PayoutRow } from '../../../src-preload/contract/payouts';
import { bareInit, type ServiceRequest, type ServiceSession } from './service-session';

/**
 * The service requests a check of these rows makes, in its order (src-main/features/payouts/batch-check.ts,
 * totalsOf and groupsOf): one wallet read, then per asset, in the order the assets first appear, one fee precheck of the
 * asset's smallest row (the first of equals).
 */
export function checkRequestsOf(rows: readonly PayoutRow[]): ServiceRequest[] {
  const smallest = new Map<string, PayoutRow>();
  for (const row of rows) {
    const low = smallest.get(row.code);
    if (!low || new Decimal(row.amount).lessThan(low.amount)) smallest.set(row.code, row);
  }
  return [
    { method: 'GET', path: '/wallets' },
    ...[...smallest.values()].map((row): ServiceRequest => ({
      method: 'POST',
      path: '/send/precheck',
      body: { symbol: row.code, address: row.address, amount: Number(row.amount) },
    })),
  ];
}

/** A request with a bare fetch and JSON.parse, the least any caller must do; an envelope other than 200 throws. */
export async function bareRequest(session: ServiceSession, request: ServiceRequest): Promise<unknown> {
  const response = await fetch(`${session.apiRoot}${request.path}`, bareInit(session, request));
  const json = JSON.parse(await response.text()) as { code?: number };
  if (json.code !== 200) throw new Error(`bare ${request.path}: code ${String(json.code)}`);
  return json;
}

/**
 * The app's handlers with payouts.check swapped for one that checks nothing: it makes the check's service
 * requests one after the other (`request`, a bare fetch in the bench) and answers with `answer`, an answer the
 * app gave for the same file, so the bridge parses the same 1,000 lines in and the same answer out. Only the
 * bench's own dispatcher gets these; the app's bridge is not touched.
 */
export function floorHandlers(
  handlers: Handlers,
  answer: BatchCheck,
  request: (request: ServiceRequest) => Promise<unknown>,
): Handlers {
  const requests = checkRequestsOf(answer.rows);
  return {
    ...handlers,
    'payouts.check': async () => {
      for (const each of requests) await request(each);
      return answer;
    },
  };
}
