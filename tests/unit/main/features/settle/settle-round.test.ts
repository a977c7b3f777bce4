import { describe, expect, it } from 'vitest';
import type { SettledMove } from '../../../../../src-preload/contract/settle';
import { AppError } from '../../../../../src-main/app-error';
import type {
  TransactionItem,
  TransactionsRequest,
  TransactionsResult,
} from '../../../../../src-main/service/interface-a-schemas';
import type { HistoryPage, SettleCandidate, SettleSource } from '../../../../../src-main/features/money/settle-source';
import { createSettleRound, ROUND_RECORDS } from '../../../../../src-main/features/settle/settle-round';
import { groupCandidates, pageReaches } from '../../../../../src-main/features/settle/settle-plan';
import { createRecordingLogger } from '../../../support/recording-logger';

function row(referenceId: string, date: string, extra: Partial<TransactionItem> = {}): TransactionItem {
  return {
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    address: 'bc1q',
    txId: `tx-${referenceId}`,
    amount: 0.1,
    status: 'Completed',
    type: 'Withdraw',
    date,
    value: 0,
    referenceId,
    label: '',
    merchantTransactionId: '',
    to: null,
    withdrawType: 1,
    prices: { usd: 0, eur: 0, gbp: 0, try: 0, jpy: 0 },
    isAutoCollected: false,
    ...extra,
  };
}

function pageOf(items: TransactionItem[], totalRecords = items.length): TransactionsResult {
  return { page: 1, recordsPerPage: ROUND_RECORDS, totalPages: 1, totalRecords, items };
}

/** A source whose moves are found by reference id on the page, as a send's are. */
function referenceSource(kind: SettleSource['kind'], candidates: SettleCandidate[]) {
  const settled = new Set<string>();
  const looks: { intentId: string; accountGuid: string }[] = [];
  const source: SettleSource = {
    kind,
    candidates: () => candidates.filter((candidate) => !settled.has(candidate.intentId)),
    async settleFrom(intentId: string, page: HistoryPage) {
      looks.push({ intentId, accountGuid: page.accountGuid });
      if (!page.items.some((item) => item.referenceId === intentId)) return false;
      settled.add(intentId);
      return true;
    },
  };
  return { source, looks };
}

function fakeSession(pages: Record<string, () => Promise<TransactionsResult>>, state = { status: 'signed-in' }) {
  const requests: { accountGuid: string; request: TransactionsRequest }[] = [];
  return {
    requests,
    state,
    session: {
      activeUser() {
        if (state.status === 'locked') throw new AppError('locked', 'Wallet Desk is locked. Unlock to continue.');
        if (state.status !== 'signed-in') throw new AppError('not_signed_in', 'Please sign in first.');
        return { userGuid: 'user-1', name: 'Alice' };
      },
      view: () => ({ accounts: Object.keys(pages).map((guid) => ({ guid, name: guid })) }),
      interfaceAFor: (accountGuid: string) => ({
        getTransactions: (request: TransactionsRequest) => {
          requests.push({ accountGuid, request });
          return pages[accountGuid]!();
        },
      }),
    },
  };
}

const send = (intentId: string, accountGuid: string | null): SettleCandidate => ({
  intentId,
  accountGuid,
  needsRowsSinceMs: null,
});

function roundOver(fake: ReturnType<typeof fakeSession>, sources: SettleSource[]) {
  const published: SettledMove[][] = [];
  const round = createSettleRound({
    session: fake.session as never,
    sources,
    logger: createRecordingLogger(),
    publish: (settled) => published.push([...settled]),
  });
  return { round, published };
}

describe('the settle round plan', () => {
  it('groups moves under their own account, and one that may show anywhere under every account of the user', () => {
    const { source } = referenceSource('send', []);
    const groups = groupCandidates(
      [
        {
          source,
          candidates: [send('a1', 'A'), send('a2', 'A'), send('b1', 'B'), send('elsewhere', 'Z'), send('any', null)],
        },
      ],
      ['A', 'B', 'C'],
    );
    const ids = (account: string) => groups.get(account)?.map((look) => look.candidate.intentId);
    expect(ids('A')).toEqual(['a1', 'a2', 'any']);
    expect(ids('B')).toEqual(['b1', 'any']);
    expect(ids('C')).toEqual(['any']);
    expect(groups.has('Z')).toBe(false);
  });

  it('a page reaches back when it holds the whole history, or is newest first and goes past the moment', () => {
    const since = Date.parse('2026-01-10T00:00:00Z');
    const full = (dates: string[]) =>
      pageOf(
        dates.map((date, index) => row(`r${index}`, date)),
        500,
      );
    // Every record the service counts.
    expect(pageReaches(pageOf([row('r', '2026-01-11T00:00:00Z')]), since)).toBe(true);
    expect(pageReaches(full(['2026-01-12T00:00:00Z', '2026-01-09T00:00:00Z']), since)).toBe(true);
    // Only rows since the moment, of more: older ones left out may hold a look-alike.
    expect(pageReaches(full(['2026-01-12T00:00:00Z', '2026-01-11T00:00:00Z']), since)).toBe(false);
    // Out of order, or a date that cannot be read, proves nothing about what was left out.
    expect(pageReaches(full(['2026-01-09T00:00:00Z', '2026-01-12T00:00:00Z']), since)).toBe(false);
    expect(pageReaches(full(['2026-01-12T00:00:00Z', 'yesterday']), since)).toBe(false);
  });
});

describe('the settle round', () => {
  it('reads one page per account for any number of moves, and settles only the ones the page shows', async () => {
    const fake = fakeSession({
      A: async () => pageOf([row('a1', '2026-01-12T00:00:00Z'), row('a3', '2026-01-11T00:00:00Z')]),
      B: async () => pageOf([row('w1', '2026-01-12T00:00:00Z')]),
    });
    const sends = referenceSource('send', [send('a1', 'A'), send('a2', 'A'), send('a3', 'A'), send('b1', 'B')]);
    const withdrawals = referenceSource('withdraw', [send('w1', null)]);
    const { round, published } = roundOver(fake, [sends.source, withdrawals.source]);

    const result = await round.round();
    expect(fake.requests.map((request) => request.accountGuid).sort()).toEqual(['A', 'B']);
    expect(fake.requests[0]!.request).toMatchObject({ page: 1, recordsPerPage: ROUND_RECORDS, sortOrder: 'desc' });
    expect(result).toEqual({
      settled: [
        { kind: 'send', intentId: 'a1' },
        { kind: 'send', intentId: 'a3' },
        { kind: 'withdraw', intentId: 'w1' },
      ],
      remaining: 2,
      unread: 0,
    });
    expect(published).toEqual([result.settled]);
    // Not on the page: looked for, left as it was.
    expect(sends.looks).toContainEqual({ intentId: 'a2', accountGuid: 'A' });
  });

  it('a swap is not matched on a page that does not reach back past its window', async () => {
    const since = Date.parse('2026-01-10T00:00:00Z');
    const rows = [row('s1', '2026-01-12T00:00:00Z'), row('x', '2026-01-11T00:00:00Z')];
    const fake = fakeSession({ A: async () => pageOf(rows, 10_000) });
    const swaps = referenceSource('swap', [{ intentId: 's1', accountGuid: 'A', needsRowsSinceMs: since }]);
    const { round } = roundOver(fake, [swaps.source]);
    // Two rows of the 10,000 the service counts, all since the swap was sent: a look-alike may be left out.
    const short = await round.round();
    expect(swaps.looks).toEqual([]);
    expect(short).toEqual({ settled: [], remaining: 1, unread: 0 });
    // The same rows as the whole history: matched, and settled.
    const whole = fakeSession({ A: async () => pageOf(rows) });
    const again = referenceSource('swap', [{ intentId: 's1', accountGuid: 'A', needsRowsSinceMs: since }]);
    expect(await roundOver(whole, [again.source]).round.round()).toMatchObject({ settled: [{ intentId: 's1' }] });
  });

  it('an account whose page cannot be read is counted, and the other accounts still settle', async () => {
    const fake = fakeSession({
      A: () => Promise.reject(new AppError('service_error', 'The service had a problem.')),
      B: async () => pageOf([row('b1', '2026-01-12T00:00:00Z')]),
    });
    const sends = referenceSource('send', [send('a1', 'A'), send('b1', 'B')]);
    const { round } = roundOver(fake, [sends.source]);
    expect(await round.round()).toEqual({ settled: [{ kind: 'send', intentId: 'b1' }], remaining: 1, unread: 1 });
  });

  it('with nothing unknown, nothing is read', async () => {
    const fake = fakeSession({ A: async () => pageOf([]) });
    const { round } = roundOver(fake, [referenceSource('send', []).source]);
    expect(await round.round()).toEqual({ settled: [], remaining: 0, unread: 0 });
    expect(fake.requests).toEqual([]);
  });

  it('a round asked for while one runs joins it: rounds never overlap', async () => {
    let answer: (result: TransactionsResult) => void = () => undefined;
    const fake = fakeSession({ A: () => new Promise((resolve) => (answer = resolve)) });
    const { round } = roundOver(fake, [referenceSource('send', [send('a1', 'A')]).source]);
    const first = round.round();
    const second = round.round();
    await Promise.resolve();
    answer(pageOf([row('a1', '2026-01-12T00:00:00Z')]));
    expect(await second).toEqual(await first);
    expect(fake.requests).toHaveLength(1);
  });

  it('locked or signed out, it is refused before anything is read; locked meanwhile, nothing it read settles', async () => {
    let answer: (result: TransactionsResult) => void = () => undefined;
    const fake = fakeSession({ A: () => new Promise((resolve) => (answer = resolve)) });
    const sends = referenceSource('send', [send('a1', 'A')]);
    const { round, published } = roundOver(fake, [sends.source]);
    const pending = round.round();
    await Promise.resolve();
    fake.state.status = 'locked';
    answer(pageOf([row('a1', '2026-01-12T00:00:00Z')]));
    await expect(pending).rejects.toMatchObject({ code: 'locked' });
    expect(published).toEqual([]);
    expect(() => round.round()).toThrow(expect.objectContaining({ code: 'locked' }));
    fake.state.status = 'signed-out';
    expect(() => round.round()).toThrow(expect.objectContaining({ code: 'not_signed_in' }));
    expect(fake.requests).toHaveLength(1);
  });
});
