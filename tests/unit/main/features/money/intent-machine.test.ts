import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import type { IntentJournal, UnresolvedRecord } from '../../../../../src-main/features/money/intent-journal';
import { createIntentMachine, type IntentAudience } from '../../../../../src-main/features/money/intent-machine';

/** A move of one owner (an account, a merchant key), as a send, a swap or a withdrawal carries it. */
type Body = { owner: string; amount: string; confirmedAtMs?: number };
type Outcome = { txId: string };

function machine(journal?: IntentJournal<Body, string>) {
  return createIntentMachine<Body, Outcome, string>({
    journal,
    reviews: new Map<string, string>(),
    confirmedAtMs: (body) => body.confirmedAtMs,
  });
}

/** Who is looking: the intents of these owners, named by amount. */
function audience(...owners: string[]): IntentAudience<Body, Outcome> {
  return { includes: (intent) => owners.includes(intent.body.owner), describe: (intent) => `${intent.body.amount}` };
}

const lost = () => Promise.reject(new AppError('outcome_unknown', 'no answer'));
/** A look-up before a refused move is sent again that finds no trace of it. */
const nothingThere = () => Promise.resolve({ kind: 'none' as const });

describe('the one state machine of a money move (send, swap, withdrawal)', () => {
  it('a new move beside an unsettled one of the same audience needs it acknowledged; other audiences are not asked', async () => {
    const moves = machine();
    const first = moves.confirm({ owner: 'a', amount: '1' }, { audience: audience('a'), acknowledged: undefined });
    await expect(
      moves.submit(first.id, { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere }, lost),
    ).rejects.toThrow(expect.objectContaining({ code: 'outcome_unknown' }));
    expect(() => moves.confirm({ owner: 'a', amount: '2' }, { audience: audience('a'), acknowledged: [] })).toThrow(
      expect.objectContaining({ code: 'unresolved_intent', message: expect.stringContaining('1') }),
    );
    expect(() => moves.requireAcknowledged(audience('a'), undefined)).toThrow(AppError);
    // Another owner's user sees nothing of it and is not asked about it.
    expect(moves.unsettled(audience('b'))).toEqual([]);
    expect(moves.confirm({ owner: 'b', amount: '3' }, { audience: audience('b'), acknowledged: [] }).state).toBe(
      'confirmed',
    );
    const second = moves.confirm({ owner: 'a', amount: '2' }, { audience: audience('a'), acknowledged: [first.id] });
    expect(second.state).toBe('confirmed');
  });

  it('checks again as a move leaves: one confirmed before another was lost is refused until that one is acknowledged', async () => {
    const moves = machine();
    const none = { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere };
    const first = moves.confirm({ owner: 'a', amount: '1' }, none);
    const second = moves.confirm({ owner: 'a', amount: '2' }, none);
    await expect(moves.submit(first.id, none, lost)).rejects.toThrow(AppError);
    let sent = 0;
    const send = async () => {
      sent += 1;
      return { txId: 'tx-2' };
    };
    await expect(moves.submit(second.id, none, send)).rejects.toThrow(
      expect.objectContaining({ code: 'unresolved_intent' }),
    );
    expect(sent).toBe(0);
    expect(moves.get(second.id).state).toBe('confirmed');
    await expect(
      moves.submit(second.id, { audience: audience('a'), acknowledged: [first.id], lookUp: nothingThere }, send),
    ).resolves.toEqual({
      txId: 'tx-2',
    });
    expect(sent).toBe(1);
    // A success is final: asking again sends nothing.
    await expect(moves.submit(second.id, none, send)).resolves.toEqual({ txId: 'tx-2' });
    expect(sent).toBe(1);
  });

  it('only a refusal may be sent again, under the same reference', async () => {
    const moves = machine();
    const none = { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere };
    const intent = moves.confirm({ owner: 'a', amount: '1' }, none);
    expect(moves.status(intent, true).canRetry).toBe(false);
    const references: string[] = [];
    await expect(
      moves.submit(intent.id, none, async (_body, referenceId) => {
        references.push(referenceId);
        throw new AppError('invalid_code', 'wrong code');
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'invalid_code' }));
    const refused = moves.get(intent.id);
    expect(refused.state).toBe('refused');
    // The feature may add its own rule (a swap's quote must hold), never lift the refusal rule.
    expect(moves.status(refused, true).canRetry).toBe(true);
    expect(moves.status(refused, false).canRetry).toBe(false);
    await moves.submit(intent.id, none, async (_body, referenceId, attempt) => {
      references.push(referenceId);
      expect(attempt).toBe(2);
      return { txId: 'tx' };
    });
    expect(references).toEqual([intent.referenceId, intent.referenceId]);
  });

  it('a refused move is sent again only after its look-up: found settles it, a trace makes it unknown, a failed look-up sends nothing', async () => {
    const refuse = () => Promise.reject(new AppError('insufficient_balance', 'short'));
    let sent = 0;
    const send = async () => {
      sent += 1;
      return { txId: 'sent' };
    };
    const refusedMove = async (moves: ReturnType<typeof machine>) => {
      const first = { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere };
      const intent = moves.confirm({ owner: 'a', amount: '1' }, first);
      await expect(moves.submit(intent.id, first, refuse)).rejects.toThrow(AppError);
      return intent;
    };
    const lookingFor: string[] = [];
    const withLookUp = (
      lookUp: Parameters<ReturnType<typeof machine>['submit']>[1]['lookUp'],
      acknowledged?: string[],
    ) => ({
      audience: audience('a'),
      acknowledged,
      lookUp: async (intent: Parameters<typeof lookUp>[0]) => {
        lookingFor.push(intent.referenceId);
        return lookUp(intent);
      },
    });

    // The service committed and refused: the look-up finds the move, which settles it with no request.
    const moves = machine();
    const moved = await refusedMove(moves);
    await expect(
      moves.submit(
        moved.id,
        withLookUp(async () => ({ kind: 'moved', outcome: { txId: 'found' } })),
        send,
      ),
    ).resolves.toEqual({ txId: 'found' });
    expect(moves.get(moved.id).state).toBe('succeeded');
    expect(lookingFor).toEqual([moved.referenceId]);

    // A row that is not the completed move: unknown, in its words, never sendable again.
    const seen = await refusedMove(moves);
    const blind = await refusedMove(moves);
    const note = { code: 'outcome_unknown' as const, message: 'Found, pending at the service.' };
    await expect(
      moves.submit(
        seen.id,
        withLookUp(async () => ({ kind: 'seen', note })),
        send,
      ),
    ).rejects.toThrow(expect.objectContaining({ code: 'outcome_unknown', message: note.message }));
    expect(moves.status(moves.get(seen.id), true)).toMatchObject({ state: 'unknown', error: note, canRetry: false });

    // A look-up that cannot read the history: nothing sent, still refused, said in words.
    const failing = withLookUp(() => Promise.reject(new AppError('network', 'offline')));
    await expect(moves.submit(blind.id, failing, send)).rejects.toThrow(
      expect.objectContaining({ code: 'service_error', message: expect.stringMatching(/nothing was sent again/) }),
    );
    expect(moves.get(blind.id).state).toBe('refused');
    expect(sent).toBe(0);

    // Nothing found: sent once, after the look-up (and after the unknown one was acknowledged).
    await expect(moves.submit(blind.id, withLookUp(nothingThere, [seen.id]), send)).resolves.toEqual({ txId: 'sent' });
    expect(sent).toBe(1);
    // A first attempt is never looked up: only refused ones are.
    expect(lookingFor).toEqual([moved.referenceId, seen.referenceId, blind.referenceId, blind.referenceId]);
  });

  it('a look-up that finds nothing keeps the move unknown with its words; only the move found settles it', async () => {
    const moves = machine();
    const none = { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere };
    const intent = moves.confirm({ owner: 'a', amount: '1', confirmedAtMs: Date.UTC(2026, 0, 2, 3, 4) }, none);
    await expect(moves.submit(intent.id, none, lost)).rejects.toThrow(AppError);
    const pending = { code: 'outcome_unknown' as const, message: 'Found, pending at the service.' };
    const still = await moves.reconcile(intent.id, null, pending);
    expect(still.state).toBe('unknown');
    const status = moves.status(still, true);
    expect(status).toMatchObject({ state: 'unknown', error: pending, canRetry: false });
    expect(status.confirmedAt).toBe('2026-01-02T03:04:00.000Z');
    // Unknown is never sent again, whatever a look-up said.
    await expect(moves.submit(intent.id, none, async () => ({ txId: 'again' }))).rejects.toThrow(
      expect.objectContaining({ code: 'outcome_unknown' }),
    );
    const found = await moves.reconcile(intent.id, { txId: 'tx-found' }, null);
    expect(moves.status(found, true)).toMatchObject({ state: 'succeeded', outcome: { txId: 'tx-found' }, error: null });
  });

  it('keeps the words of the answer that left a move unknown, and only while it is unknown', async () => {
    const moves = machine();
    const none = { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere };
    const intent = moves.confirm({ owner: 'a', amount: '1' }, none);
    const approval = { code: 'outcome_unknown' as const, message: 'Awaiting e-mail approval.' };
    moves.noteUnknown(intent.id, approval);
    expect(moves.status(moves.get(intent.id), true).error).toBeNull();
    await expect(moves.submit(intent.id, none, lost)).rejects.toThrow(AppError);
    moves.noteUnknown(intent.id, approval);
    expect(moves.status(moves.get(intent.id), true).error).toEqual(approval);
  });

  it('a move given up before it left never leaves; one that may have moved money cannot be given up', async () => {
    const moves = machine();
    const none = { audience: audience('a'), acknowledged: undefined, lookUp: nothingThere };
    const given = moves.confirm({ owner: 'a', amount: '1' }, none);
    expect(moves.cancel(given.id).state).toBe('cancelled');
    let sent = 0;
    const send = async () => {
      sent += 1;
      return { txId: 'tx' };
    };
    await expect(moves.submit(given.id, none, send)).rejects.toThrow(
      expect.objectContaining({ code: 'stale_precheck' }),
    );
    expect(sent).toBe(0);
    expect(moves.status(moves.get(given.id), true)).toMatchObject({ state: 'cancelled', canRetry: false });
    expect(moves.unsettled(audience('a'))).toEqual([]);

    const lostOne = moves.confirm({ owner: 'a', amount: '2' }, none);
    await expect(moves.submit(lostOne.id, none, lost)).rejects.toThrow(AppError);
    expect(() => moves.cancel(lostOne.id)).toThrow(expect.objectContaining({ code: 'outcome_unknown' }));
    expect(moves.get(lostOne.id).state).toBe('unknown');

    const done = moves.confirm({ owner: 'a', amount: '3' }, { audience: audience('a'), acknowledged: [lostOne.id] });
    await moves.submit(done.id, { audience: audience('a'), acknowledged: [lostOne.id], lookUp: nothingThere }, send);
    expect(moves.cancel(done.id).state).toBe('succeeded');
  });

  it('an intent the last run left comes back unknown and is listed as unsettled', () => {
    const saved: UnresolvedRecord<Body, string>[] = [
      {
        id: '7f1c0d2e-1111-4222-8333-944455556666',
        referenceId: 'ref-old',
        attempts: 1,
        body: { owner: 'a', amount: '5' },
        review: 'r',
      },
    ];
    const moves = machine({ restored: saved, save: async () => {} });
    expect(moves.unsettled(audience('a')).map((intent) => [intent.referenceId, intent.state])).toEqual([
      ['ref-old', 'unknown'],
    ]);
    expect(moves.status(moves.get(saved[0]!.id), true).confirmedAt).toBeNull();
  });
});
