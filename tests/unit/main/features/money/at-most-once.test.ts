import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { IntentLedger } from '../../../../../src-main/features/money/at-most-once';
import { requireAcknowledged } from '../../../../../src-main/features/money/unresolved-guard';

type Body = { amount: string; address: string };
const body: Body = { amount: '0.1', address: 'bc1qexample' };

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('money-moving intents are submitted at most once', () => {
  it('fixes the reference id at confirmation and freezes the body', () => {
    const ledger = new IntentLedger<Body, string>({ newReferenceId: () => 'ref-1' });
    const mutable = { ...body };
    const intent = ledger.confirm(mutable);
    mutable.amount = '999';
    expect(intent.referenceId).toBe('ref-1');
    expect(ledger.get(intent.id).body).toEqual(body);
    expect(Object.isFrozen(ledger.get(intent.id).body)).toBe(true);
  });

  it('takes a reference id the user chose, but never one it already knows, in any state', async () => {
    const ledger = new IntentLedger<Body, string>({ newReferenceId: () => 'made-1' });
    const chosen = ledger.confirm(body, 'INV-1');
    expect(chosen.referenceId).toBe('INV-1');
    expect(() => ledger.confirm(body, 'INV-1')).toThrow(expect.objectContaining({ code: 'bad_input' }));
    await ledger.submit(chosen.id, async () => 'tx-1');
    expect(ledger.get(chosen.id).state).toBe('succeeded');
    expect(() => ledger.confirm(body, 'INV-1')).toThrow(expect.objectContaining({ field: 'merchantTransactionId' }));
    // A made one is checked the same way only by being fresh; a chosen id equal to it is refused too.
    const made = ledger.confirm(body);
    expect(made.referenceId).toBe('made-1');
    expect(() => ledger.confirm(body, 'made-1')).toThrow(AppError);
  });

  it('refuses a second submission while the first is in flight (double click, Enter twice)', async () => {
    const ledger = new IntentLedger<Body, string>();
    const intent = ledger.confirm(body);
    const pending = deferred<string>();
    const send = vi.fn(() => pending.promise);
    const first = ledger.submit(intent.id, send);
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({ code: 'in_flight' });
    pending.resolve('tx-1');
    await expect(first).resolves.toBe('tx-1');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('returns the stored outcome after success instead of sending again', async () => {
    const ledger = new IntentLedger<Body, string>();
    const intent = ledger.confirm(body);
    const send = vi.fn(async () => 'tx-1');
    await ledger.submit(intent.id, send);
    await expect(ledger.submit(intent.id, send)).resolves.toBe('tx-1');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('after a definite refusal, a deliberate retry reuses the same reference id and body', async () => {
    const ledger = new IntentLedger<Body, string>();
    const intent = ledger.confirm(body);
    const seen: Array<[Body, string]> = [];
    await expect(
      ledger.submit(intent.id, async (b, ref) => {
        seen.push([b, ref]);
        throw new AppError('invalid_code', 'The two-factor code was not accepted.');
      }),
    ).rejects.toMatchObject({ code: 'invalid_code' });
    expect(ledger.get(intent.id).state).toBe('refused');
    await ledger.submit(intent.id, async (b, ref) => {
      seen.push([b, ref]);
      return 'tx-2';
    });
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]?.[1]).toBe(intent.referenceId);
  });

  it('never resubmits after a lost answer until reconciled', async () => {
    const ledger = new IntentLedger<Body, string>();
    const intent = ledger.confirm(body);
    const send = vi.fn(async () => {
      throw new AppError('outcome_unknown', 'socket hang up');
    });
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({ code: 'outcome_unknown' });
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(send).toHaveBeenCalledTimes(1);

    // The look-up found the transaction: it is final, nothing more is sent.
    expect(await ledger.reconcile(intent.id, 'tx-found')).toMatchObject({ state: 'succeeded', outcome: 'tx-found' });
    await expect(ledger.submit(intent.id, send)).resolves.toBe('tx-found');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a look-up that finds nothing keeps the outcome unknown: absence is no proof (security.md 27)', async () => {
    const ledger = new IntentLedger<Body, string>();
    const intent = ledger.confirm(body);
    await expect(
      ledger.submit(intent.id, async () => {
        throw new Error('ECONNRESET');
      }),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });
    const afterLookup = await ledger.reconcile(intent.id, null);
    expect(afterLookup.state).toBe('unknown');
    expect(afterLookup.error?.message).toMatch(/Not found at the service yet/);
    const send = vi.fn(async (_b: Body, ref: string) => `tx-for-${ref}`);
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(send).not.toHaveBeenCalled();
    // The request committed late: a later look-up finds it and settles the intent.
    expect(await ledger.reconcile(intent.id, 'tx-late')).toMatchObject({ state: 'succeeded', outcome: 'tx-late' });
  });

  it.each([
    ['an error code no feature classified', new AppError('service_error', 'Request is under review')],
    ['an unexpected not_found', new AppError('not_found', 'Z509')],
    ['a plain exception', new TypeError('Cannot read properties of undefined')],
  ])('only codes that prove nothing moved are refusals; %s leaves the outcome unknown', async (_name, thrown) => {
    const ledger = new IntentLedger<Body, string>();
    const intent = ledger.confirm(body);
    await expect(
      ledger.submit(intent.id, async () => {
        throw thrown;
      }),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(ledger.get(intent.id).state).toBe('unknown');
  });

  it('a new intent gets a new reference id', () => {
    const ledger = new IntentLedger<Body, string>();
    expect(ledger.confirm(body).referenceId).not.toBe(ledger.confirm(body).referenceId);
  });
});

describe('intents whose outcome is unknown outlive the app', () => {
  function journaled() {
    const saved: string[][] = [];
    const ledger = new IntentLedger<Body, string>({
      persist: async (unresolved) => {
        saved.push(unresolved.map((intent) => `${intent.referenceId}:${intent.state}`));
      },
    });
    return { ledger, saved, lastSaved: () => saved.at(-1) };
  }

  it('writes the intent down before its request leaves, and drops it once the service answered', async () => {
    const { ledger, saved, lastSaved } = journaled();
    const intent = ledger.confirm(body);
    const send = vi.fn(async () => {
      // If the app died now, the next run would know this request may have gone out.
      expect(lastSaved()).toEqual([`${intent.referenceId}:in-flight`]);
      return 'tx-1';
    });
    await ledger.submit(intent.id, send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(lastSaved()).toEqual([]);
    expect(saved).toHaveLength(2);
  });

  it('keeps an unknown outcome written until a reconciliation settles it; a definite refusal is not kept', async () => {
    const { ledger, lastSaved } = journaled();
    const lost = ledger.confirm(body);
    await expect(
      ledger.submit(lost.id, async () => {
        throw new Error('ECONNRESET');
      }),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(lastSaved()).toEqual([`${lost.referenceId}:unknown`]);

    const refused = ledger.confirm(body);
    await expect(
      ledger.submit(refused.id, async () => {
        throw new AppError('invalid_code', 'The two-factor code was not accepted.');
      }),
    ).rejects.toMatchObject({ code: 'invalid_code' });
    expect(lastSaved()).toEqual([`${lost.referenceId}:unknown`]);

    await ledger.reconcile(lost.id, 'tx-found');
    expect(lastSaved()).toEqual([]);
  });

  it('an intent restored from the last run is unknown: nothing is sent until it is reconciled', async () => {
    const ledger = new IntentLedger<Body, string>();
    const restored = ledger.restore({ id: 'intent-1', referenceId: 'ref-1', body, attempts: 1 });
    expect(restored).toMatchObject({ state: 'unknown', referenceId: 'ref-1', body, attempts: 1 });
    expect(restored.error?.message).toMatch(/closed before the service answered/);
    expect(ledger.unknown().map((intent) => intent.id)).toEqual(['intent-1']);

    const send = vi.fn(async () => 'tx-2');
    await expect(ledger.submit('intent-1', send)).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(send).not.toHaveBeenCalled();

    await ledger.reconcile('intent-1', null);
    await expect(ledger.submit('intent-1', send)).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(send).not.toHaveBeenCalled();
    await ledger.reconcile('intent-1', 'tx-found');
    expect(ledger.unknown()).toEqual([]);
  });
});

describe('a new intent while an earlier one is unknown', () => {
  it('is refused until the user acknowledges each earlier one by id, naming it', async () => {
    const ledger = new IntentLedger<Body, string>();
    const lost = ledger.confirm(body);
    await expect(
      ledger.submit(lost.id, async () => {
        throw new Error('ECONNRESET');
      }),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });
    const name = (intent: { body: Body }) => `${intent.body.amount} to ${intent.body.address}`;
    expect(() => requireAcknowledged(ledger.unknown(), undefined, name)).toThrow(
      expect.objectContaining({ code: 'unresolved_intent', message: expect.stringContaining('0.1 to bc1qexample') }),
    );
    expect(() => requireAcknowledged(ledger.unknown(), ['some-other-id'], name)).toThrow(
      expect.objectContaining({ code: 'unresolved_intent' }),
    );
    expect(() => requireAcknowledged(ledger.unknown(), [lost.id], name)).not.toThrow();
  });
});

describe('what a new intent must be warned about', () => {
  it('counts a request still in flight as unsettled, like an unknown one (a lock or reload can hide it)', async () => {
    const ledger = new IntentLedger<Body, string>();
    const pending = deferred<string>();
    const flying = ledger.confirm(body);
    const lost = ledger.confirm(body);
    const done = ledger.confirm(body);
    const first = ledger.submit(flying.id, () => pending.promise);
    await expect(
      ledger.submit(lost.id, async () => {
        throw new Error('ECONNRESET');
      }),
    ).rejects.toMatchObject({ code: 'outcome_unknown' });
    await ledger.submit(done.id, async () => 'tx-done');
    expect(ledger.unsettled().map((intent) => [intent.id, intent.state])).toEqual([
      [flying.id, 'in-flight'],
      [lost.id, 'unknown'],
    ]);
    pending.resolve('tx-1');
    await first;
    expect(ledger.unsettled().map((intent) => intent.id)).toEqual([lost.id]);
  });
});

describe('a request that cannot be written down first does not leave', () => {
  it('refuses to send when the write-ahead fails, and leaves the intent as it was', async () => {
    let failWrites = true;
    const ledger = new IntentLedger<Body, string>({
      persist: async () => {
        if (failWrites) throw new Error('ENOSPC');
      },
    });
    const intent = ledger.confirm(body);
    const send = vi.fn(async () => 'tx-1');
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({ code: 'storage_failed' });
    expect(send).not.toHaveBeenCalled();
    expect(ledger.get(intent.id)).toMatchObject({ state: 'confirmed', attempts: 0 });

    failWrites = false;
    await expect(ledger.submit(intent.id, send)).resolves.toBe('tx-1');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a failed write after the answer does not hide the answer', async () => {
    let writes = 0;
    const ledger = new IntentLedger<Body, string>({
      persist: async () => {
        writes += 1;
        if (writes > 1) throw new Error('EIO');
      },
    });
    const intent = ledger.confirm(body);
    await expect(ledger.submit(intent.id, async () => 'tx-1')).resolves.toBe('tx-1');
    expect(ledger.get(intent.id).state).toBe('succeeded');
  });
});
