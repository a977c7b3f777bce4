import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { BridgeError, Result } from '../../../../src-preload/result';
import type {
  ClosedEntry,
  IntentStatus,
  MoneyIntentActions,
  MoneyIntentApi,
  MoneyIntentState,
  UnsettledEntry,
} from '../../../../src-renderer/src/stores/money-intent';

interface Review {
  readonly intentId: string;
  readonly amount: string;
}
interface Outcome {
  readonly txId: string;
}
type Status = IntentStatus<Outcome> & { readonly intentId: string };

const review: Review = { intentId: 'intent-1', amount: '0.5' };
const other: Review = { intentId: 'intent-2', amount: '0.7' };
const outcome: Outcome = { txId: 'tx-1' };
const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
const failed = (code: string, message = 'Words from main.'): Promise<Result<never>> =>
  Promise.resolve({ ok: false, error: { code, message } as BridgeError });
const status = (state: string, intentId = review.intentId): Status => ({
  intentId,
  state,
  outcome: state === 'succeeded' ? outcome : null,
  error: state === 'unknown' ? ({ code: 'outcome_unknown', message: 'Not found yet.' } as BridgeError) : null,
  canRetry: false,
  confirmedAt: null,
});
const entry = (which: Review, state = 'unknown'): UnsettledEntry<Review, Status> => ({
  review: which,
  status: status(state, which.intentId),
  accountName: null,
});

/** Each method a mock of its own signature, so an implementation's promise is checked like the real one. */
type Api = { [K in keyof MoneyIntentApi<Review, Outcome, Status>]: Mock<MoneyIntentApi<Review, Outcome, Status>[K]> };

function fakeApi(): Api {
  return {
    execute: vi.fn(() => ok(outcome)),
    status: vi.fn(() => ok(status('refused'))),
    reconcile: vi.fn(() => ok({ lookup: 'not_found' as const, status: status('unknown') })),
    unresolved: vi.fn(() => ok([] as UnsettledEntry<Review, Status>[])),
    close: vi.fn(() => ok([] as ClosedEntry<Review, Status>[])),
    closed: vi.fn(() => ok([] as ClosedEntry<Review, Status>[])),
  } as Api;
}

type State = MoneyIntentState<Review, Outcome, Status>;

/** The shared part on a plain state object, as a money store holds it, with a review on screen. */
async function intentOn(api: Api, start: Partial<State> = {}) {
  vi.resetModules();
  // The settle store (told when a move becomes unknown) reads the bridge at import.
  vi.stubGlobal('window', { wallet: { money: { settleRound: vi.fn() } } });
  const { createMoneyIntentActions, initialMoneyIntentState } =
    await import('../../../../src-renderer/src/stores/money-intent');
  const { useSettleStore } = await import('../../../../src-renderer/src/stores/settle-store');
  let state: State = { ...initialMoneyIntentState, step: 'review', review, ...start };
  const invalidate = vi.fn();
  const onStale = vi.fn();
  const actions: MoneyIntentActions<Review> = createMoneyIntentActions<Review, Outcome, Status>({
    api,
    set: (partial) => {
      state = { ...state, ...partial };
    },
    get: () => state,
    invalidate,
    onStale,
  });
  return { actions, state: () => state, invalidate, onStale, useSettleStore };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('money-intent: execute', () => {
  it('sends once: a second execute while the first is on its way sends nothing', async () => {
    const api = fakeApi();
    const answers: ((value: Result<Outcome>) => void)[] = [];
    api.execute.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const { actions, state } = await intentOn(api);

    const first = actions.execute('123456');
    const second = actions.execute('123456');
    expect(state().submitting).toBe(true);
    for (const answer of answers) answer({ ok: true, value: outcome });
    await Promise.all([first, second]);

    expect(api.execute).toHaveBeenCalledTimes(1);
    expect(api.execute).toHaveBeenCalledWith({ intentId: review.intentId, tfaCode: '123456' });
    expect(state()).toMatchObject({ step: 'result', outcome, submitting: false, refused: false });
  });

  it('a lost answer leaves the move unknown, lists it and wakes the settle round', async () => {
    const api = fakeApi();
    api.execute.mockImplementation(() => failed('outcome_unknown', 'It may have moved.'));
    api.unresolved.mockImplementation(() => ok([entry(review, 'unknown')]));
    const { actions, state, useSettleStore } = await intentOn(api);
    useSettleStore.setState({ remaining: 0 });

    await actions.execute('123456');
    await vi.waitFor(() => expect(state().unresolved).toHaveLength(1));

    expect(state()).toMatchObject({ step: 'unknown', submitting: false, outcome: null, refused: false });
    expect(state().submitError?.code).toBe('outcome_unknown');
    expect(useSettleStore.getState().remaining).toBeNull();
  });

  it('reuses the reference only when main says the move was refused', async () => {
    const refusedApi = fakeApi();
    refusedApi.execute.mockImplementation(() => failed('insufficient_funds'));
    const refused = await intentOn(refusedApi);
    await refused.actions.execute('123456');
    expect(refused.state()).toMatchObject({ step: 'review', refused: true, submitting: false });

    const unsureApi = fakeApi();
    unsureApi.execute.mockImplementation(() => failed('storage_failed'));
    unsureApi.status.mockImplementation(() => ok(status('confirmed')));
    const unsure = await intentOn(unsureApi);
    await unsure.actions.execute('123456');
    expect(unsure.state()).toMatchObject({ step: 'review', refused: false, submitting: false });
    expect(unsure.state().submitError?.code).toBe('storage_failed');
  });

  it('hands a stale precheck to the store, and lists the moves that became unsettled meanwhile', async () => {
    const staleApi = fakeApi();
    staleApi.execute.mockImplementation(() => failed('stale_precheck'));
    const stale = await intentOn(staleApi);
    await stale.actions.execute('123456');
    expect(stale.onStale).toHaveBeenCalledWith(expect.objectContaining({ code: 'stale_precheck' }));

    const unsettledApi = fakeApi();
    unsettledApi.execute.mockImplementation(() => failed('unresolved_intent'));
    unsettledApi.unresolved.mockImplementation(() => ok([entry(other)]));
    const unsettled = await intentOn(unsettledApi);
    await unsettled.actions.execute('123456');
    expect(unsettled.state().submitError?.code).toBe('unresolved_intent');
    expect(unsettled.state().unresolved.map((e) => e.review.intentId)).toEqual([other.intentId]);
  });

  it('drops the answer of a move the user has left for another', async () => {
    const api = fakeApi();
    let answer: (value: Result<Outcome>) => void = () => undefined;
    api.execute.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { actions, state } = await intentOn(api);
    const sent = actions.execute('123456');
    actions.resume(other);
    answer({ ok: true, value: outcome });
    await sent;
    expect(state()).toMatchObject({ review: other, step: 'unknown', outcome: null });
  });

  it('passes only the acknowledged ids of moves still listed as unsettled', async () => {
    const api = fakeApi();
    const { actions } = await intentOn(api, {
      unresolved: [entry(other)],
      acknowledged: [other.intentId, 'gone-since'],
    });
    await actions.execute('123456');
    expect(api.execute).toHaveBeenCalledWith({
      intentId: review.intentId,
      tfaCode: '123456',
      acknowledgedIntentIds: [other.intentId],
    });
  });
});

describe('money-intent: check status', () => {
  it('not found keeps the outcome unknown and sends nothing', async () => {
    const api = fakeApi();
    const { actions, state } = await intentOn(api, { step: 'unknown' });
    await actions.checkStatus();
    expect(state()).toMatchObject({ step: 'unknown', lookup: 'not_found', outcome: null, submitting: false });
    expect(api.execute).not.toHaveBeenCalled();
  });

  it('a found move shows its result and leaves the list', async () => {
    const api = fakeApi();
    api.reconcile.mockImplementation(() => ok({ lookup: 'found' as const, status: status('succeeded') }));
    const { actions, state } = await intentOn(api, { step: 'unknown', unresolved: [entry(review)] });
    await actions.checkStatus();
    expect(state()).toMatchObject({ step: 'result', outcome, lookup: null });
    await vi.waitFor(() => expect(state().unresolved).toEqual([]));
  });

  it('opening a listed move and checking it is one press, and forgets what the last move showed', async () => {
    const api = fakeApi();
    api.reconcile.mockImplementation(() =>
      ok({ lookup: 'pending' as const, status: status('unknown', other.intentId) }),
    );
    const { actions, state, invalidate } = await intentOn(api, { step: 'result', outcome });
    await actions.openAndCheck(other);
    expect(invalidate).toHaveBeenCalled();
    expect(api.reconcile).toHaveBeenCalledWith({ intentId: other.intentId });
    expect(state()).toMatchObject({ review: other, step: 'unknown', outcome: null, lookup: 'pending' });
  });
});

describe('money-intent: acknowledgements and closing', () => {
  it('acknowledges only listed moves, and a changed list asks again', async () => {
    const api = fakeApi();
    const { actions, state } = await intentOn(api, { unresolved: [entry(other)] });
    actions.acknowledge('not-listed', true);
    expect(state().acknowledged).toEqual([]);
    actions.acknowledge(other.intentId, true);
    expect(state().acknowledged).toEqual([other.intentId]);

    // The same list: the acknowledgement stands.
    api.unresolved.mockImplementation(() => ok([entry(other)]));
    await actions.loadUnresolved();
    expect(state().acknowledged).toEqual([other.intentId]);
    // The same move, now in another state: a different warning, to be read again.
    api.unresolved.mockImplementation(() => ok([entry(other, 'in-flight')]));
    await actions.loadUnresolved();
    expect(state().acknowledged).toEqual([]);
  });

  it('closes with the words the user confirmed, then reads the list again', async () => {
    const api = fakeApi();
    const closedEntry: ClosedEntry<Review, Status> = {
      ...entry(other),
      closure: { at: '2026-11-26T10:00:00.000Z', byName: 'Ada', shown: 'It did not go through.' },
    };
    api.close.mockImplementation(() => ok([closedEntry]));
    const { actions, state } = await intentOn(api, { unresolved: [entry(other)] });
    expect(await actions.close([], 'It did not go through.')).toBe(false);
    expect(await actions.close([other.intentId], 'It did not go through.')).toBe(true);
    expect(api.close).toHaveBeenCalledTimes(1);
    expect(api.close).toHaveBeenCalledWith({
      intentIds: [other.intentId],
      warning: 'It did not go through.',
      confirmed: true,
    });
    expect(state()).toMatchObject({ closed: [closedEntry], closing: false, closeError: null });
    expect(api.unresolved).toHaveBeenCalled();
  });
});
