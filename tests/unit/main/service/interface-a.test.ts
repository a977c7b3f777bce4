import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../src-main/app-error';
import {
  createInterfaceAClient,
  MAX_ENVELOPE_CHARS,
  MAX_ITEM_CHARS,
  maxTransactionsAnswerBytes,
  parseRetryAfter,
  type InterfaceAAuth,
} from '../../../../src-main/service/interface-a';
import { createRecordingLogger } from '../../support/recording-logger';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Reply = (response: ServerResponse, seen: Seen) => void;

const ACCESS = 'access-token-aaaaaaaaaaaaaaaa';
const FRESH = 'access-token-bbbbbbbbbbbbbbbb';
const ACCOUNT = '7d5f3c1e-0000-4000-8000-000000000001';
const TFA = '123456';

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let replies: Reply[] = [];

const envelope = (data: unknown, code = 200, message = 'OK') =>
  JSON.stringify({ apiVersion: '1.0.0.0', data, code, message });
const json =
  (status: number, body: string, headers: Record<string, string> = {}): Reply =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  };
const fail = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, envelope(false, status, message), headers);

const wallets = {
  totalBalance: 1500.5,
  dailyProfit: -3.25,
  wallets: [
    {
      symbolId: 1,
      symbol: 'BTC',
      name: 'Bitcoin',
      displayName: 'Bitcoin',
      network: 'Bitcoin Mainnet',
      price: 60000,
      amount: 0.025,
      balanceFiatAmount: 1500,
      address: 'bc1qexample',
      extra: 'dropped',
    },
  ],
};
const sendBody = { symbol: 'BTC', address: 'bc1qdest', amount: 0.001, feeRate: 1 as const, referenceId: 'ref-1' };

function auth(overrides: Partial<InterfaceAAuth> = {}): InterfaceAAuth & { refreshed: string[] } {
  const refreshed: string[] = [];
  return {
    refreshed,
    getAccessToken: async () => ACCESS,
    refreshAfter401: async (refused) => {
      refreshed.push(refused);
      return FRESH;
    },
    ...overrides,
  };
}

function client(extra: { auth?: InterfaceAAuth; timeoutMs?: number; accountGuid?: string | null; base?: string } = {}) {
  const logger = createRecordingLogger();
  return {
    logger,
    api: createInterfaceAClient({
      baseUrl: extra.base ?? baseUrl,
      auth: extra.auth ?? auth(),
      accountGuid: extra.accountGuid === undefined ? ACCOUNT : extra.accountGuid,
      timeoutMs: extra.timeoutMs ?? 2_000,
      logger,
    }),
  };
}

async function caught(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      const reply = replies.shift();
      if (reply) reply(response, entry);
      else fail(500, 'no reply scripted')(response, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  replies = [];
});

describe('Interface A client: requests', () => {
  it('GET /session carries the bearer token but no account header', async () => {
    replies.push(
      json(
        200,
        envelope({
          isAuthenticated: true,
          user: { userGuid: 'u1', name: 'Ada', email: 'ada@example.test' },
          accounts: [],
          currentAccountGuid: null,
        }),
      ),
    );
    const session = await client().api.getSession();
    expect(session.user?.name).toBe('Ada');
    expect(seen[0]?.url).toBe('/api/OAuth/session');
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${ACCESS}`);
    expect(seen[0]?.headers['x-account-guid']).toBeUndefined();
    expect(seen[0]?.headers.tfa).toBeUndefined();
  });

  it('account calls carry X-Account-Guid and responses are parsed (unknown fields dropped)', async () => {
    replies.push(json(200, envelope(wallets)));
    const result = await client().api.getWallets();
    expect(seen[0]?.headers['x-account-guid']).toBe(ACCOUNT);
    expect(result.wallets[0]).not.toHaveProperty('extra');
    expect(result.dailyProfit).toBe(-3.25);
  });

  it('refuses an account call when no account is selected, without calling the service', async () => {
    const error = await caught(client({ accountGuid: null }).api.getWallets());
    expect(error.code).toBe('not_signed_in');
    expect(seen).toHaveLength(0);
  });

  it('sends TFA only on send and swap', async () => {
    replies.push(
      json(
        200,
        envelope({ feeData: [], price: 1, availableBalance: 1, symbol: 'BTC', address: 'bc1qdest', amount: 0.001 }),
      ),
    );
    replies.push(json(200, envelope({ txId: 'tx1', explorerUrl: 'https://mempool.space/tx/tx1' })));
    replies.push(json(200, envelope({ address: 'a', swapReferenceId: 's1', errorCode: null, statusCode: 1 })));
    const { api } = client();
    await api.sendPrecheck({ symbol: 'BTC', address: 'bc1qdest', amount: 0.001 });
    await api.send(sendBody, TFA);
    const swap = await api.swap(
      {
        fromSymbol: 'BTC',
        fromNetwork: 'Bitcoin Mainnet',
        toSymbol: 'ETH',
        toNetwork: 'Ethereum Mainnet',
        amount: 0.01,
        isUsdInput: false,
      },
      TFA,
    );
    expect(seen.map((entry) => entry.headers.tfa)).toEqual([undefined, TFA, TFA]);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual(sendBody);
    expect(swap.sendResult).toBeUndefined();
  });

  it.each(['12345', '1234567', '12a456', ' 123456', ''])(
    'refuses the two-factor code %j before sending anything',
    async (code) => {
      const error = await caught(client().api.send(sendBody, code));
      expect(error.code).toBe('invalid_code');
      expect(error.field).toBe('tfa');
      expect(seen).toHaveLength(0);
    },
  );

  it('validates request bodies before sending', async () => {
    const error = await caught(client().api.sendPrecheck({ symbol: 'BTC', address: '', amount: 1 }));
    expect(error.code).toBe('bad_input');
    expect(error.field).toBe('address');
    expect(seen).toHaveLength(0);
  });

  it('covers all twelve endpoints with the right method and path', async () => {
    const { api } = client();
    const account = { guid: ACCOUNT, name: 'Shop', isPersonalAccount: false, role: 'Agent' };
    const plan: [string, unknown, () => Promise<unknown>][] = [
      [
        'GET /api/OAuth/session',
        { isAuthenticated: true, user: null, accounts: [], currentAccountGuid: null },
        () => api.getSession(),
      ],
      ['GET /api/OAuth/wallets', wallets, () => api.getWallets()],
      [
        'GET /api/OAuth/wallets/BTC/address',
        { symbolName: 'Bitcoin', symbol: 'BTC', displayName: 'Bitcoin', network: 'Bitcoin Mainnet', address: 'bc1q' },
        () => api.getWalletAddress('BTC'),
      ],
      [
        'POST /api/OAuth/deposit/address/create',
        { wallet: 'bc1q', symbol: 'BTC', network: 'Bitcoin Mainnet', referenceId: 'r', requestId: 'q' },
        () =>
          api.createDepositAddress({
            symbol: 'BTC',
            label: 'l',
            referenceId: 'r',
            callbackUrl: 'https://example.test/cb',
          }),
      ],
      [
        'GET /api/OAuth/accounts',
        {
          name: 'Ada',
          email: 'a@x.test',
          merchantGuid: 'm',
          role: 'Agent',
          connectedAccounts: [account],
          companyCount: 1,
          userGuid: 'u',
        },
        () => api.getAccountProfile(),
      ],
      [
        'POST /api/OAuth/accounts/switch',
        { currentAccountGuid: ACCOUNT, accounts: [account], totalBalance: 0, dailyProfit: 0, wallets: [] },
        () => api.switchAccount(ACCOUNT),
      ],
      [
        'POST /api/OAuth/send/precheck',
        {
          feeData: [{ feeRate: 0, fee: 0.0001, arrivalEstimation: '1h', symbol: 'BTC', usd: 6 }],
          price: 60000,
          availableBalance: 1,
          symbol: 'BTC',
          address: 'bc1q',
          amount: 0.1,
        },
        () => api.sendPrecheck({ symbol: 'BTC', address: 'bc1q', amount: 0.1 }),
      ],
      ['POST /api/OAuth/send', { txId: 't', explorerUrl: 'https://mempool.space/tx/t' }, () => api.send(sendBody, TFA)],
      [
        'GET /api/OAuth/swap/symbols',
        {
          symbolList: [
            {
              baseSymbol: 'BTC',
              quoteSymbols: ['ETH'],
              depositNetworks: ['Bitcoin Mainnet'],
              withdrawNetworks: ['Bitcoin Mainnet'],
            },
          ],
          balance: {
            btcBalance: 0,
            ethBalance: 0,
            usdtBalance: 0,
            trxBalance: 0,
            bnbBalance: 0,
            ltcBalance: 0,
            solBalance: 0,
            avaxBalance: 0,
          },
        },
        () => api.getSwapSymbols(),
      ],
      [
        'POST /api/OAuth/swap/precheck',
        { cryptoAmount: 0.01, toAmount: 0.2 },
        () =>
          api.swapPrecheck({
            fromSymbol: 'BTC',
            fromNetwork: 'n',
            toSymbol: 'ETH',
            toNetwork: 'n',
            amount: 0.01,
            isUsdInput: false,
          }),
      ],
      [
        'POST /api/OAuth/swap',
        {
          address: 'a',
          swapReferenceId: 's',
          sendResult: { txId: 't', explorerUrl: 'u' },
          errorCode: null,
          statusCode: 0,
        },
        () =>
          api.swap(
            { fromSymbol: 'BTC', fromNetwork: 'n', toSymbol: 'ETH', toNetwork: 'n', amount: 0.01, isUsdInput: false },
            TFA,
          ),
      ],
      [
        'POST /api/OAuth/transactions',
        { totalRecords: 0, totalPages: 0, page: 1, recordsPerPage: 20, items: [] },
        () => api.getTransactions({ page: 1, recordsPerPage: 20, sortOrder: 'desc' }),
      ],
    ];
    for (const [route, data, run] of plan) {
      replies.push(json(200, envelope(data)));
      await expect(run()).resolves.toBeTruthy();
      const last = seen.at(-1);
      expect(`${last?.method} ${last?.url}`).toBe(route);
    }
    expect(seen).toHaveLength(12);
  });
});

describe('Interface A client: errors', () => {
  it('refreshes once after a 401 and retries a read with the fresh token', async () => {
    replies.push(fail(401, 'Unauthorized'), json(200, envelope(wallets)));
    const tokens = auth();
    await client({ auth: tokens }).api.getWallets();
    expect(tokens.refreshed).toEqual([ACCESS]);
    expect(seen.map((entry) => entry.headers.authorization)).toEqual([`Bearer ${ACCESS}`, `Bearer ${FRESH}`]);
  });

  it('reads the 401 from the envelope even when the HTTP status is 200', async () => {
    replies.push(json(200, envelope(false, 401, 'Unauthorized')), json(200, envelope(wallets)));
    const tokens = auth();
    await client({ auth: tokens }).api.getWallets();
    expect(tokens.refreshed).toHaveLength(1);
  });

  it('gives session_expired when the retried call is refused again (no loop)', async () => {
    replies.push(fail(401, 'Unauthorized'), fail(401, 'Unauthorized'));
    const tokens = auth();
    const error = await caught(client({ auth: tokens }).api.getWallets());
    expect(error.code).toBe('session_expired');
    expect(tokens.refreshed).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('passes on the token manager failure when the refresh itself fails', async () => {
    replies.push(fail(401, 'Unauthorized'));
    const error = await caught(
      client({
        auth: auth({
          refreshAfter401: async () => {
            throw new AppError('session_expired', 'Please sign in again.');
          },
        }),
      }).api.getWallets(),
    );
    expect(error.code).toBe('session_expired');
    expect(seen).toHaveLength(1);
  });

  it('never re-sends a two-factor code after a 401', async () => {
    replies.push(fail(401, 'Unauthorized'));
    const tokens = auth();
    const error = await caught(client({ auth: tokens }).api.send(sendBody, TFA));
    expect(error.code).toBe('session_expired');
    expect(tokens.refreshed).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  it('maps 403 to forbidden with the service message', async () => {
    replies.push(fail(403, 'Insufficient permissions for send operation'));
    const error = await caught(client().api.send(sendBody, TFA));
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe('Insufficient permissions for send operation.');
  });

  it.each([
    ['Insufficient balance', 'insufficient_balance'],
    ['Invalid symbol', 'invalid_symbol'],
    ['X-Account-Guid header is required', 'service_error'],
  ] as const)('maps 400 %j to %s', async (message, code) => {
    replies.push(fail(400, message));
    const error = await caught(client().api.sendPrecheck({ symbol: 'BTC', address: 'bc1q', amount: 1 }));
    expect(error.code).toBe(code);
  });

  it('maps 429 to rate_limited with Retry-After', async () => {
    replies.push(fail(429, 'Rate limit exceeded', { 'retry-after': '7' }));
    const error = await caught(client().api.getWallets());
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('maps a 500 and an unparseable answer to service_error', async () => {
    replies.push(fail(500, 'Internal'), json(200, '<html>oops</html>'), json(200, envelope({ totalBalance: 'lots' })));
    const { api } = client();
    expect((await caught(api.getWallets())).code).toBe('service_error');
    expect((await caught(api.getWallets())).code).toBe('service_error');
    expect((await caught(api.getWallets())).code).toBe('service_error');
  });

  it('maps an unreachable service to network', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await caught(client({ base: `http://127.0.0.1:${closedPort}` }).api.getWallets());
    expect(error.code).toBe('network');
  });

  it('maps a timeout on a read to network, and on a send to outcome_unknown', async () => {
    const hang: Reply = () => {};
    replies.push(hang, hang);
    const { api } = client({ timeoutMs: 200 });
    expect((await caught(api.getWallets())).code).toBe('network');
    const error = await caught(api.send(sendBody, TFA));
    expect(error.code).toBe('outcome_unknown');
    expect(seen.filter((entry) => entry.url === '/api/OAuth/send')).toHaveLength(1);
  });

  it('maps a dropped connection on a swap to outcome_unknown, submitted once', async () => {
    replies.push((response) => response.socket?.destroy());
    const error = await caught(
      client().api.swap(
        { fromSymbol: 'BTC', fromNetwork: 'n', toSymbol: 'ETH', toNetwork: 'n', amount: 0.01, isUsdInput: false },
        TFA,
      ),
    );
    expect(error.code).toBe('outcome_unknown');
    expect(seen).toHaveLength(1);
  });

  it('keeps tokens and two-factor codes out of errors and logs', async () => {
    replies.push(fail(401, 'Unauthorized'), fail(403, 'Access denied to this account'), (response) =>
      response.socket?.destroy(),
    );
    const { api, logger } = client();
    const errors = [
      await caught(api.send(sendBody, TFA)),
      await caught(api.getWallets()),
      await caught(api.send(sendBody, TFA)),
    ];
    const text =
      JSON.stringify(errors.map((error) => ({ ...error.toBridgeError(), stack: error.stack }))) + logger.text();
    for (const secret of [ACCESS, FRESH, TFA]) expect(text).not.toContain(secret);
  });
});

const swapBody = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  amount: 0.01,
  isUsdInput: false,
};
const moneyCalls = [
  ['POST /send', (api: ReturnType<typeof client>['api']) => api.send(sendBody, TFA)],
  ['POST /swap', (api: ReturnType<typeof client>['api']) => api.swap(swapBody, TFA)],
] as const;

/**
 * On a money-moving call an error answer proves nothing moved only when it is a spec 7.1 refusal in full:
 * a 4xx HTTP status equal to the envelope's code, `data` false and a known message (security.md 28).
 * Anything else may have moved money and must not unlock a retry.
 */
describe.each(moneyCalls)('Interface A client: money answers on %s', (_name, move) => {
  it('a 401 with a message other than "Unauthorized" is not a refusal, and nothing is refreshed or re-sent', async () => {
    replies.push(fail(401, 'Request is under review'));
    const tokens = auth();
    const error = await caught(move(client({ auth: tokens }).api));
    expect(error.code).toBe('service_error');
    expect(error.message).not.toMatch(/nothing was sent/i);
    expect(tokens.refreshed).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['HTTP 200 with an envelope 401', json(200, envelope(false, 401, 'Unauthorized'))],
    ['HTTP 401 with an envelope 400', json(401, envelope(false, 400, 'Unauthorized'))],
    ['HTTP 401 without an envelope', json(401, 'Unauthorized')],
    ['HTTP 401 with data', json(401, envelope({ txId: 'x' }, 401, 'Unauthorized'))],
    ['HTTP 500 with an envelope 401', json(500, envelope(false, 401, 'Unauthorized'))],
  ])('%s is not a refusal', async (_case, reply) => {
    replies.push(reply);
    const tokens = auth();
    const error = await caught(move(client({ auth: tokens }).api));
    expect(error.code).toBe('service_error');
    expect(error.message).not.toMatch(/nothing was sent/i);
    expect(tokens.refreshed).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('an exact 401 "Unauthorized" refuses (the token is checked first, spec 7.1): renewed, never re-sent', async () => {
    replies.push(fail(401, 'Unauthorized'));
    const tokens = auth();
    const error = await caught(move(client({ auth: tokens }).api));
    expect(error.code).toBe('session_expired');
    expect(tokens.refreshed).toEqual([ACCESS]);
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['HTTP 503 with an envelope 400 "Insufficient balance"', json(503, envelope(false, 400, 'Insufficient balance'))],
    ['HTTP 502 with an envelope 429 "Rate limit exceeded"', json(502, envelope(false, 429, 'Rate limit exceeded'))],
    [
      'HTTP 500 with data and an envelope 400 "Invalid two-factor code"',
      json(500, envelope({ txId: 'x' }, 400, 'Invalid two-factor code')),
    ],
    ['HTTP 400 with data { txId }', json(400, envelope({ txId: 'x' }, 400, 'Invalid two-factor code'))],
    ['HTTP 400 with data null', json(400, envelope(null, 400, 'Insufficient balance'))],
    ['HTTP 200 with an envelope 400', json(200, envelope(false, 400, 'Insufficient balance'))],
    ['HTTP 400 with an envelope 403', json(400, envelope(false, 403, 'Access denied to this account'))],
    ['HTTP 429 without an envelope', json(429, 'Too Many Requests', { 'retry-after': '1' })],
  ])('%s may have moved money: not a refusal', async (_case, reply) => {
    replies.push(reply);
    const error = await caught(move(client().api));
    expect(error.code).toBe('service_error');
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['Insufficient balance', 400, 'insufficient_balance'],
    ['Invalid two-factor code', 400, 'invalid_code'],
    ['Rate limit exceeded', 429, 'rate_limited'],
    ['Access denied to this account', 403, 'forbidden'],
  ] as const)('a full refusal %j (HTTP = envelope %i, data false) is one', async (message, status, code) => {
    replies.push(fail(status, message));
    expect((await caught(move(client().api))).code).toBe(code);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates and defaults when missing', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(1_000_000 + 12_000).toUTCString(), 1_000_000)).toBe(12);
    expect(parseRetryAfter(null)).toBe(10);
    expect(parseRetryAfter('soon')).toBe(10);
  });
});

describe('Interface A client: streamTransactions', () => {
  const item = (n: number) => ({
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    address: 'bc1qexample',
    txId: `tx-${n}`,
    amount: n / 1000,
    status: 'Completed',
    type: 'Deposit',
    date: '2026-01-01T00:00:00Z',
    value: n,
    referenceId: `ref-${n}`,
    label: 'a label, "quoted"',
    merchantTransactionId: '',
    to: null,
    withdrawType: 0,
    prices: { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
    isAutoCollected: false,
  });
  const page = (count: number) => ({
    totalRecords: 1000,
    totalPages: 2,
    page: 1,
    recordsPerPage: 500,
    items: Array.from({ length: count }, (_, n) => item(n)),
  });
  /** The answer written in small pieces with pauses, as a slow network delivers it. */
  const trickle =
    (body: string, piece = 4096, cutAt?: number): Reply =>
    (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      let at = 0;
      const next = (): void => {
        if (cutAt !== undefined && at >= cutAt) {
          response.destroy();
          return;
        }
        if (at >= body.length) {
          response.end();
          return;
        }
        response.write(body.slice(at, at + piece));
        at += piece;
        setTimeout(next, 1);
      };
      next();
    };
  const collect = () => {
    const batches: number[] = [];
    const items: string[] = [];
    const onItems = async (batch: readonly { referenceId: string }[]) => {
      batches.push(batch.length);
      items.push(...batch.map((i) => i.referenceId));
    };
    return { batches, items, onItems };
  };

  it('hands the items over in stretches once the whole body is here, then the totals', async () => {
    replies.push(trickle(envelope(page(500))));
    const got = collect();
    const head = await client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, got.onItems);
    expect(head).toEqual({ totalRecords: 1000, totalPages: 2, page: 1, recordsPerPage: 500 });
    expect(got.items).toEqual(Array.from({ length: 500 }, (_, n) => `ref-${n}`));
    // Many small stretches (some 16 KiB of body each), never the page at once.
    expect(got.batches.length).toBeGreaterThan(8);
    expect(Math.max(...got.batches)).toBeLessThan(50);
    const last = seen.at(-1);
    expect(`${last?.method} ${last?.url}`).toBe('POST /api/OAuth/transactions');
    expect(JSON.parse(last?.body ?? '')).toEqual({ page: 1, recordsPerPage: 500 });
  });

  it('lets the event loop take its turn between stretches, not only once the page is handed on', async () => {
    replies.push(trickle(envelope(page(500)), 64 * 1024));
    const events: string[] = [];
    let stretches = 0;
    await client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, async () => {
      stretches += 1;
      // Asked for while the first stretch is handed on: it runs before the second one is.
      if (stretches === 1) setImmediate(() => events.push('the event loop ran'));
      events.push(`stretch ${stretches}`);
    });
    expect(stretches).toBeGreaterThan(8);
    expect(events.slice(0, 3)).toEqual(['stretch 1', 'the event loop ran', 'stretch 2']);
  });

  it('waits for onArrived, once the last byte is in, before handing any item on', async () => {
    // One piece of 64 KiB: the items still go on in stretches of some 16 KiB of body.
    replies.push(trickle(envelope(page(500)), 64 * 1024));
    const events: string[] = [];
    let release = (): void => undefined;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const reading = client().api.streamTransactions(
      { page: 1, recordsPerPage: 500 },
      async (batch) => {
        events.push(`items ${batch.length}`);
      },
      {
        onArrived: async () => {
          events.push('arrived');
          await turn;
          events.push('turn');
        },
      },
    );
    await vi.waitFor(() => expect(events).toEqual(['arrived']));
    release();
    await reading;
    expect(events.slice(0, 2)).toEqual(['arrived', 'turn']);
    const sizes = events.slice(2).map((event) => Number(event.split(' ')[1]));
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(500);
    expect(Math.max(...sizes)).toBeLessThan(50);
  });

  it('passes on what onArrived throws, and hands nothing on', async () => {
    replies.push(trickle(envelope(page(20))));
    const got = collect();
    const refused = new Error('the export was cancelled');
    const reading = client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, got.onItems, {
      onArrived: async () => {
        throw refused;
      },
    });
    await expect(reading).rejects.toBe(refused);
    expect(got.items).toEqual([]);
  });

  it('refuses an answer with an item off the contract, and one cut short, as the other calls do', async () => {
    const bad = page(40);
    (bad.items[30] as Record<string, unknown>).amount = 'lots';
    replies.push(trickle(envelope(bad), 512));
    const badCall = caught(client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, collect().onItems));
    expect((await badCall).code).toBe('service_error');
    replies.push(trickle(envelope(page(300)), 2048, 20_000));
    const cut = caught(client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, collect().onItems));
    expect((await cut).code).toBe('network');
  });

  it('maps error answers and renews the token after a 401 like getTransactions', async () => {
    replies.push(fail(429, 'Rate limit exceeded', { 'retry-after': '3' }));
    const limited = await caught(client().api.streamTransactions({ page: 1, recordsPerPage: 10 }, collect().onItems));
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(3);
    replies.push(fail(401, 'Unauthorized'), trickle(envelope(page(3))));
    const tokens = auth();
    const got = collect();
    await client({ auth: tokens }).api.streamTransactions({ page: 1, recordsPerPage: 10 }, got.onItems);
    expect(tokens.refreshed).toEqual([ACCESS]);
    expect(seen.at(-1)?.headers.authorization).toBe(`Bearer ${FRESH}`);
    expect(got.items).toEqual(['ref-0', 'ref-1', 'ref-2']);
  });

  it('reads items whose characters are cut across the pieces the network delivers', async () => {
    const body = page(3);
    body.items[1]!.label = 'Grüße 🙂 日本語 "]},{"';
    const bytes = Buffer.from(envelope(body));
    replies.push((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      let at = 0;
      const next = (): void => {
        if (at >= bytes.length) return void response.end();
        response.write(bytes.subarray(at, at + 7));
        at += 7;
        setImmediate(next);
      };
      next();
    });
    const labels: string[] = [];
    await client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, async (items) => {
      labels.push(...items.map((i) => i.label));
    });
    expect(labels).toEqual(['a label, "quoted"', 'Grüße 🙂 日本語 "]},{"', 'a label, "quoted"']);
  });

  it('refuses an item or an envelope over its size limit in words that say so, and stops reading', async () => {
    const huge = page(40);
    huge.items[20]!.label = 'x'.repeat(MAX_ITEM_CHARS);
    replies.push(trickle(envelope(huge), 8192));
    const got = collect();
    const { api, logger } = client();
    const tooBig = await caught(api.streamTransactions({ page: 1, recordsPerPage: 500 }, got.onItems));
    expect(tooBig.code).toBe('service_error');
    expect(tooBig.message).toBe('The service sent a history page too large for the app to read.');
    expect(got.items).not.toContain('ref-20');
    expect(JSON.stringify(logger.entries)).not.toContain('xxxxxxxx');
    replies.push(trickle(envelope(page(2), 200, 'm'.repeat(MAX_ENVELOPE_CHARS))));
    const longMessage = await caught(
      client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, collect().onItems),
    );
    expect(longMessage.message).toBe('The service sent a history page too large for the app to read.');
  });

  it('refuses a success answer without its items, or with more items than asked for', async () => {
    const { items: _items, ...head } = page(0);
    replies.push(trickle(envelope(head)));
    expect(
      (await caught(client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, collect().onItems))).code,
    ).toBe('service_error');
    replies.push(trickle(envelope({ ...head, items: { 0: page(1).items[0] } })));
    expect(
      (await caught(client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, collect().onItems))).code,
    ).toBe('service_error');
    replies.push(trickle(envelope(page(11))));
    const got = collect();
    expect((await caught(client().api.streamTransactions({ page: 1, recordsPerPage: 10 }, got.onItems))).code).toBe(
      'service_error',
    );
    expect(got.items.length).toBeLessThanOrEqual(10);
    // Exactly as many as asked for is a page.
    replies.push(trickle(envelope(page(10))));
    await client().api.streamTransactions({ page: 1, recordsPerPage: 10 }, collect().onItems);
  });

  it('refuses an answer that is not JSON, or whose text around the items is not', async () => {
    for (const text of [
      '{"data":{"items":[',
      '<html>busy</html>',
      envelope(page(2)).replace('"code":200', '"code":200,,'),
    ]) {
      replies.push(trickle(text));
      expect(
        (await caught(client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, collect().onItems))).code,
      ).toBe('service_error');
    }
  });

  it('passes a failure of the consumer on as it is, and stops reading', async () => {
    replies.push(trickle(envelope(page(500))));
    const refusal = new Error('disk full');
    let calls = 0;
    await expect(
      client().api.streamTransactions({ page: 1, recordsPerPage: 500 }, async () => {
        calls += 1;
        if (calls === 2) throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(calls).toBe(2);
  });
});

describe('Interface A client: getTransactions reads a bounded page', () => {
  const TOO_LARGE = 'The service sent a history page too large for the app to read.';
  const item = (n: number, label = 'a label') => ({
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    address: 'bc1qexample',
    txId: `tx-${n}`,
    amount: n / 1000,
    status: 'Completed',
    type: 'Deposit',
    date: '2026-01-01T00:00:00Z',
    value: n,
    referenceId: `ref-${n}`,
    label,
    merchantTransactionId: '',
    to: null,
    withdrawType: 0,
    prices: { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
    isAutoCollected: false,
  });
  const page = (items: unknown[], recordsPerPage: number) => ({
    totalRecords: items.length,
    totalPages: 1,
    page: 1,
    recordsPerPage,
    items,
  });
  /** A success page whose items never end: what a hostile service can send. */
  const opening = `{"apiVersion":"1.0.0.0","code":200,"message":"OK","data":{"totalRecords":1,"totalPages":1,"page":1,"recordsPerPage":1,"items":[`;
  const secretRow = JSON.stringify(item(1, 'personal-note-do-not-log')) + ',';

  it('reads a page with more items than asked for, as long as it is not larger than that many items can be', async () => {
    // The spec does not say a service keeps to recordsPerPage (4.1, 8), so a few more rows are no reason to refuse.
    replies.push(json(200, envelope(page([item(0), item(1), item(2)], 2))));
    const result = await client().api.getTransactions({ page: 1, recordsPerPage: 2 });
    expect(result.items.map((i) => i.referenceId)).toEqual(['ref-0', 'ref-1', 'ref-2']);
    // One item of nearly the largest size fits a page of one.
    replies.push(json(200, envelope(page([item(0, 'x'.repeat(MAX_ITEM_CHARS - 1000))], 1))));
    const big = await client().api.getTransactions({ page: 1, recordsPerPage: 1 });
    expect(big.items[0]?.label).toHaveLength(MAX_ITEM_CHARS - 1000);
  });

  it('refuses a page that never ends in words, and drops the connection instead of reading on', async () => {
    let closed = false;
    let written = 0;
    replies.push((response) => {
      response.on('close', () => (closed = true));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(opening);
      const more = (): void => {
        if (closed || response.destroyed) return;
        const chunk = secretRow.repeat(64);
        written += chunk.length;
        // Waits for the socket to drain, so what is written is what the client takes in.
        if (response.write(chunk)) setImmediate(more);
        else response.once('drain', more);
      };
      more();
    });
    const { api, logger } = client({ timeoutMs: 10_000 });
    const refused = await caught(api.getTransactions({ page: 1, recordsPerPage: 1 }));
    expect(refused.code).toBe('service_error');
    expect(refused.message).toBe(TOO_LARGE);
    await expect.poll(() => closed).toBe(true);
    // Nothing the service sent, nor the token, is in the error or the log; the log says where and how big.
    for (const text of [refused.message, logger.text()]) {
      expect(text).not.toContain('personal-note');
      expect(text).not.toContain(ACCESS);
    }
    expect(logger.text()).toContain(`over ${maxTransactionsAnswerBytes(1)} bytes`);
    expect(logger.text()).toContain('/transactions');
    // It stopped near the limit rather than at the 10 s timeout: the server could not write much past it.
    expect(written).toBeLessThan(maxTransactionsAnswerBytes(1) + 16 * 1024 * 1024);
  });

  it('pulls no more of the body than the limit and one chunk, then cancels it', async () => {
    const chunk = new TextEncoder().encode(secretRow.repeat(100));
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => controller.enqueue(new TextEncoder().encode(opening)),
        pull: (controller) => {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel: () => {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const api = createInterfaceAClient({
      baseUrl: 'https://service.invalid',
      auth: auth(),
      accountGuid: ACCOUNT,
      fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    const refused = await caught(api.getTransactions({ page: 1, recordsPerPage: 2 }));
    expect(refused.message).toBe(TOO_LARGE);
    expect(cancelled).toBe(true);
    expect(pulled).toBeGreaterThan(maxTransactionsAnswerBytes(2) - chunk.byteLength);
    expect(pulled).toBeLessThanOrEqual(maxTransactionsAnswerBytes(2) + chunk.byteLength);
  });

  it('bounds an error answer the same way', async () => {
    replies.push(json(500, envelope(false, 500, 'm'.repeat(maxTransactionsAnswerBytes(1)))));
    const refused = await caught(client().api.getTransactions({ page: 1, recordsPerPage: 1 }));
    expect(refused.code).toBe('service_error');
    expect(refused.message).toBe(TOO_LARGE);
  });
});
