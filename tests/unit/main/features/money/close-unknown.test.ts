import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import type { Intent, IntentClosure } from '../../../../../src-main/features/money/at-most-once';
import type { IntentJournal, UnresolvedRecord } from '../../../../../src-main/features/money/intent-journal';
import { createIntentMachine, type IntentAudience } from '../../../../../src-main/features/money/intent-machine';
import { AcknowledgedIntentIds, IntentCloseInput } from '../../../../../src-preload/contract/money';

/**
 * A person may close an unknown move as "did not go through" (security.md 36): only an unknown one, never
 * sent afterwards, no longer acknowledged, kept closed across a restart, and found later it raises the alarm.
 */
type Body = { owner: string; amount: string };
type Outcome = { txId: string };

const closure: IntentClosure = {
  at: '2026-11-26T04:00:00.000Z',
  by: { userGuid: 'user-1', name: 'Alice' },
  shown: 'The send of 1 BTC may still have moved money.',
};

function audience(...owners: string[]): IntentAudience<Body, Outcome> {
  return { includes: (intent) => owners.includes(intent.body.owner), describe: (intent) => `${intent.body.amount}` };
}
const mine = audience('a');
/** A look-up before a refused move is sent again that finds no trace of it (none is refused here). */
const nothingThere = () => Promise.resolve({ kind: 'none' as const });
const none = { audience: mine, acknowledged: undefined, lookUp: nothingThere };
const lost = () => Promise.reject(new AppError('outcome_unknown', 'no answer'));

function machine(
  options: { journal?: IntentJournal<Body, string>; onFoundAfterClose?: (i: Intent<Body, Outcome>) => void } = {},
) {
  const reviews = new Map<string, string>();
  const moves = createIntentMachine<Body, Outcome, string>({
    journal: options.journal,
    reviews,
    confirmedAtMs: () => undefined,
    onFoundAfterClose: options.onFoundAfterClose,
  });
  /** A move of owner a confirmed (with its review, as the features keep one) and lost. */
  async function lose(amount: string, acknowledged: string[] = moves.unsettled(mine).map((i) => i.id)) {
    const intent = moves.confirm({ owner: 'a', amount }, { audience: mine, acknowledged });
    reviews.set(intent.id, `review ${amount}`);
    await expect(moves.submit(intent.id, { audience: mine, acknowledged, lookUp: nothingThere }, lost)).rejects.toThrow(
      AppError,
    );
    return intent;
  }
  return { moves, lose, reviews };
}

function memoryJournal(restored: UnresolvedRecord<Body, string>[] = []) {
  const saves: UnresolvedRecord<Body, string>[][] = [];
  const journal: IntentJournal<Body, string> = {
    restored,
    save: async (records) => {
      saves.push([...records]);
    },
  };
  return { journal, saves, last: () => saves.at(-1) ?? [] };
}

describe('closing an unknown move (security.md 36)', () => {
  it('closes only unknown moves, all or none; a closed move is never sent and no longer needs acknowledging', async () => {
    const { moves, lose } = machine();
    const first = await lose('1');
    const second = await lose('2');
    const confirmed = moves.confirm(
      { owner: 'a', amount: '3' },
      { audience: mine, acknowledged: [first.id, second.id] },
    );
    // One that never left is not unknown: the whole call is refused and nothing is closed.
    await expect(moves.close([first.id, confirmed.id], { audience: mine, closure })).rejects.toMatchObject({
      code: 'stale_precheck',
    });
    expect(moves.get(first.id).state).toBe('unknown');
    // Another audience's move is not known to this one.
    await expect(moves.close([first.id], { audience: audience('b'), closure })).rejects.toMatchObject({
      code: 'not_found',
    });

    const closed = await moves.close([first.id, second.id], { audience: mine, closure });
    expect(closed.map((intent) => [intent.state, intent.closure])).toEqual([
      ['closed', closure],
      ['closed', closure],
    ]);
    expect(moves.closed(mine).map((intent) => intent.id)).toEqual([first.id, second.id]);
    expect(moves.unsettled(mine)).toEqual([]);
    // A closed move is closed once: closing it again is refused, as is sending it.
    await expect(moves.close([first.id], { audience: mine, closure })).rejects.toMatchObject({
      code: 'stale_precheck',
    });
    const send = vi.fn(async () => ({ txId: 'again' }));
    await expect(moves.submit(first.id, none, send)).rejects.toMatchObject({ code: 'stale_precheck' });
    expect(send).not.toHaveBeenCalled();
    // Nothing unsettled is left, so a new move needs no acknowledgement at all.
    const next = moves.confirm({ owner: 'a', amount: '4' }, { audience: mine, acknowledged: undefined });
    await expect(moves.submit(next.id, none, async () => ({ txId: 'tx-4' }))).resolves.toEqual({ txId: 'tx-4' });
    await expect(moves.submit(confirmed.id, none, async () => ({ txId: 'tx-3' }))).resolves.toEqual({ txId: 'tx-3' });
  });

  it('a move still being sent cannot be closed', async () => {
    const { moves } = machine();
    const intent = moves.confirm({ owner: 'a', amount: '1' }, none);
    let answer!: (outcome: Outcome) => void;
    const out = moves.submit(intent.id, none, () => new Promise<Outcome>((resolve) => (answer = resolve)));
    await expect(moves.close([intent.id], { audience: mine, closure })).rejects.toMatchObject({ code: 'in_flight' });
    answer({ txId: 'tx-1' });
    await out;
  });

  it('the closure is written down with the move and comes back closed after a restart', async () => {
    const first = memoryJournal();
    const { moves, lose } = machine({ journal: first.journal });
    const intent = await lose('1');
    await moves.close([intent.id], { audience: mine, closure });
    expect(first.last()).toEqual([
      expect.objectContaining({ id: intent.id, referenceId: intent.referenceId, review: 'review 1', closure }),
    ]);

    const again = machine({ journal: memoryJournal(first.last()).journal }).moves;
    expect(again.get(intent.id)).toMatchObject({ state: 'closed', closure, error: null });
    expect(again.unsettled(mine)).toEqual([]);
    expect(again.closed(mine).map((closed) => closed.referenceId)).toEqual([intent.referenceId]);
    await expect(again.submit(intent.id, none, async () => ({ txId: 'x' }))).rejects.toThrow(AppError);
  });

  it('a closing that cannot be written down closes nothing', async () => {
    const saves: number[] = [];
    let failing = false;
    const journal: IntentJournal<Body, string> = {
      restored: [],
      save: async (records) => {
        saves.push(records.length);
        if (failing) throw new AppError('storage_failed', 'The disk is full.');
      },
    };
    const { moves, lose } = machine({ journal });
    const intent = await lose('1');
    failing = true;
    await expect(moves.close([intent.id], { audience: mine, closure })).rejects.toMatchObject({
      code: 'storage_failed',
    });
    expect(moves.get(intent.id)).toMatchObject({ state: 'unknown', closure: null });
    expect(moves.unsettled(mine).map((unsettled) => unsettled.id)).toEqual([intent.id]);
  });

  it('a closed move a look-up finds settles as moved and raises the alarm at once; one not found stays closed', async () => {
    const alarm = vi.fn();
    const { moves, lose } = machine({ onFoundAfterClose: alarm });
    const intent = await lose('1');
    const untouched = await lose('2');
    await moves.close([intent.id, untouched.id], { audience: mine, closure });

    expect(await moves.reconcile(untouched.id, null, null)).toMatchObject({ state: 'closed' });
    expect(alarm).not.toHaveBeenCalled();

    const settled = await moves.reconcile(intent.id, { txId: 'tx-late' }, null);
    expect(settled).toMatchObject({ state: 'succeeded', outcome: { txId: 'tx-late' }, closure });
    expect(alarm).toHaveBeenCalledTimes(1);
    expect(alarm).toHaveBeenCalledWith(expect.objectContaining({ id: intent.id, state: 'succeeded', closure }));
    // An unknown move found the ordinary way raises nothing.
    const other = await lose('3', []);
    await moves.reconcile(other.id, { txId: 'tx-3' }, null);
    expect(alarm).toHaveBeenCalledTimes(1);
  });

  it('with 1,000 unknown moves a new one still goes once acknowledged, and closing them all at once ends the warning', async () => {
    const restored: UnresolvedRecord<Body, string>[] = Array.from({ length: 1_000 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      referenceId: `ref-${index}`,
      attempts: 1,
      body: { owner: 'a', amount: String(index + 1) },
      review: `review ${index}`,
    }));
    const saved = memoryJournal(restored);
    const { moves } = machine({ journal: saved.journal });
    const ids = moves.unsettled(mine).map((intent) => intent.id);
    expect(ids).toHaveLength(1_000);

    // The refusal names a few, not a thousand, and says how many more there are.
    let refusal: unknown;
    try {
      moves.confirm({ owner: 'a', amount: '0.5' }, { audience: mine, acknowledged: [] });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'unresolved_intent', message: expect.stringContaining('and 995 more') });
    expect((refusal as Error).message.length).toBeLessThan(1_000);

    const next = moves.confirm({ owner: 'a', amount: '0.5' }, { audience: mine, acknowledged: ids });
    const send = vi.fn(async () => ({ txId: 'tx-new' }));
    await expect(
      moves.submit(next.id, { audience: mine, acknowledged: ids, lookUp: nothingThere }, send),
    ).resolves.toEqual({
      txId: 'tx-new',
    });
    expect(send).toHaveBeenCalledTimes(1);

    const savesBefore = saved.saves.length;
    await moves.close(ids, { audience: mine, closure });
    expect(saved.saves.length).toBe(savesBefore + 1);
    expect(saved.last().filter((record) => record.closure !== undefined)).toHaveLength(1_000);
    expect(moves.unsettled(mine)).toEqual([]);
    const free = moves.confirm({ owner: 'a', amount: '0.6' }, { audience: mine, acknowledged: undefined });
    await expect(moves.submit(free.id, none, async () => ({ txId: 'tx-free' }))).resolves.toEqual({ txId: 'tx-free' });
  });
});

describe('the bridge takes as many ids as a desk can have unknown moves (security.md 36)', () => {
  const uuids = (count: number) =>
    Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

  it.each([101, 1_000])('%i acknowledged ids, and as many to close, are valid input', (count) => {
    expect(AcknowledgedIntentIds.safeParse(uuids(count)).success).toBe(true);
    expect(
      IntentCloseInput.safeParse({
        intentIds: uuids(count),
        warning: 'They may still have moved money.',
        confirmed: true,
      }).success,
    ).toBe(true);
  });

  it('closing needs the warning and the explicit confirmation', () => {
    const ids = uuids(1);
    expect(IntentCloseInput.safeParse({ intentIds: ids, warning: 'It may have moved money.' }).success).toBe(false);
    expect(IntentCloseInput.safeParse({ intentIds: ids, warning: ' ', confirmed: true }).success).toBe(false);
    expect(IntentCloseInput.safeParse({ intentIds: [], warning: 'It may.', confirmed: true }).success).toBe(false);
  });
});
