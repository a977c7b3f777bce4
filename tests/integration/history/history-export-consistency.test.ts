import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportHistoryCsv } from '../../../src-main/features/history';
import type { RunningSandbox } from '../../../sandbox/server';
import { api, login } from '../../sandbox/helpers';
import { allDirect, useSignedInCore, type SignedInCore } from './history-fixture';

let sandbox: RunningSandbox;
let app: SignedInCore;

useSignedInCore((started) => ({ sandbox, app } = started));

/** A deposit lands on the account while the export runs, as the service would record one. */
async function depositArrives(): Promise<string> {
  const token = (await login(sandbox, 'alice')).access_token;
  const referenceId = `late-deposit-${Date.now()}`;
  const created = await api<{ wallet: string }>(sandbox, 'POST', '/deposit/address/create', {
    token,
    account: app.tradingGuid,
    body: { symbol: 'BTC', label: 'Arrived mid-export', referenceId, callbackUrl: 'https://127.0.0.1:9/callback' },
  });
  expect(created.body.code).toBe(200);
  const credited = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: created.body.data.wallet, amount: '0.01', retryDelayMs: 0, timeoutMs: 200 }),
  });
  expect(credited.status).toBe(200);
  return referenceId;
}

describe('an export while new transactions arrive', () => {
  it('never writes a record twice when a page boundary shifts under it', async () => {
    const target = join(app.dir, 'shifting.csv');
    const client = app.core.session.interfaceA();
    let lateReference = '';
    const result = await exportHistoryCsv({
      path: target,
      filters: {},
      recordsPerPage: 500,
      fetchPage: async (request) => {
        if (request.page === 3) lateReference = await depositArrives();
        return client.getTransactions(request);
      },
    });
    const rows = parse(await readFile(target, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const references = rows.map((row) => row.Reference);
    expect(new Set(references).size).toBe(references.length);
    // Newest first: the late deposit sits above page 1, which was already written, so the file is the
    // history as it was when the export began, every record once.
    expect(references).not.toContain(lateReference);
    expect(rows).toHaveLength(20_000);
    expect(result.written).toBe(20_000);
    const now = await allDirect(app, {});
    expect(now).toHaveLength(20_001);
    expect(references).toEqual(now.slice(1).map((item) => item.referenceId));
  }, 60_000);
});
