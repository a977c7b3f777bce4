import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HistoryPageRequest } from '../../../../../src-preload/contract/history';
import { AppError } from '../../../../../src-main/app-error';
import { createHistoryHandlers, type HistoryHandlersDeps } from '../../../../../src-main/features/history';
import { createInterfaceAClient, maxTransactionsAnswerBytes } from '../../../../../src-main/service/interface-a';
import { fakeSession } from '../../../support/fake-session';
import { createRecordingLogger } from '../../../support/recording-logger';

/**
 * The History screen's page (history.page) from a service that sends a page without end: the app must
 * refuse it in words after reading about as much as such a page can hold, not read until memory or the
 * timeout runs out.
 */

const ROW = JSON.stringify({
  symbolId: 1,
  symbol: 'BTC',
  symbolName: 'Bitcoin',
  displayName: 'Bitcoin',
  address: 'bc1q-private-address',
  txId: 'tx',
  amount: 0.001,
  status: 'Completed',
  type: 'Deposit',
  date: '2026-01-01T00:00:00Z',
  value: 1,
  referenceId: 'ref',
  label: 'rent for flat 4b',
  merchantTransactionId: '',
  to: null,
  withdrawType: 0,
  prices: { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
  isAutoCollected: false,
});

let server: Server;
let baseUrl: string;
let sent = 0;
let closed = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.on('close', () => (closed = true));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"apiVersion":"1.0.0.0","code":200,"message":"OK","data":{"page":1,"items":[');
      const more = (): void => {
        if (response.destroyed) return;
        const chunk = `${ROW},`.repeat(100);
        sent += chunk.length;
        if (response.write(chunk)) setImmediate(more);
        else response.once('drain', more);
      };
      more();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('refuses a history page that never ends in words, having read no more than such a page can hold', async () => {
  const logger = createRecordingLogger();
  const interfaceA = createInterfaceAClient({
    baseUrl,
    auth: { getAccessToken: async () => 'token-secret-value', refreshAfter401: async () => 'token-secret-value' },
    accountGuid: '7d5f3c1e-0000-4000-8000-000000000001',
    timeoutMs: 30_000,
    logger,
  });
  const session = fakeSession(() => interfaceA).service;
  const handlers = createHistoryHandlers({ session } as unknown as HistoryHandlersDeps);

  const failure = await Promise.resolve(
    handlers['history.page'](HistoryPageRequest.parse({ page: 1, recordsPerPage: 25 })),
  ).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(AppError);
  expect((failure as AppError).code).toBe('service_error');
  expect((failure as AppError).message).toBe('The service sent a history page too large for the app to read.');
  // Refused for its size, not the 30 s timeout (that would be `network`); the connection was dropped a
  // little past the limit (socket buffers aside).
  await expect.poll(() => closed).toBe(true);
  expect(sent).toBeLessThan(maxTransactionsAnswerBytes(25) + 16 * 1024 * 1024);
  for (const text of [(failure as AppError).message, logger.text()]) {
    expect(text).not.toContain('private-address');
    expect(text).not.toContain('flat 4b');
    expect(text).not.toContain('token-secret-value');
  }
});
