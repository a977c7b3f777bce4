import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { IntentLedger, type IntentClosure } from '../../../../../src-main/features/money/at-most-once';

type Body = { amount: string };
type Outcome = { txId: string };

const closure: IntentClosure = {
  at: '2026-11-26T04:00:00.000Z',
  by: { userGuid: 'user-1', name: 'Alice' },
  shown: 'The send of 1 BTC may still have moved money.',
};

describe('a closing whose save fails while a look-up finds the move (security.md 36)', () => {
  it('undoes the closing only: the move the look-up found stays settled as moved', async () => {
    const heldSave: { reject?: (cause: Error) => void } = {};
    let holdNextSave = false;
    const ledger = new IntentLedger<Body, Outcome>({
      persist: () => {
        if (!holdNextSave) return Promise.resolve();
        holdNextSave = false;
        return new Promise<void>((_resolve, reject) => {
          heldSave.reject = reject;
        });
      },
    });
    const intent = ledger.confirm({ amount: '1' });
    await expect(
      ledger.submit(intent.id, () => Promise.reject(new AppError('outcome_unknown', 'no answer'))),
    ).rejects.toThrow(AppError);
    expect(ledger.get(intent.id).state).toBe('unknown');

    // The closing's save is held on a slow disk; meanwhile a look-up finds the move at the service.
    holdNextSave = true;
    const closing = ledger.close([intent.id], closure);
    expect(ledger.get(intent.id).state).toBe('closed');
    const found = await ledger.reconcile(intent.id, { txId: 'tx-1' });
    expect(found.state).toBe('succeeded');

    // Then the closing's save fails.
    expect(heldSave.reject).toBeDefined();
    heldSave.reject?.(new Error('disk full'));
    await expect(closing).rejects.toMatchObject({ code: 'storage_failed' });
    const after = ledger.get(intent.id);
    expect(after.state).toBe('succeeded');
    expect(after.outcome).toEqual({ txId: 'tx-1' });
    expect(after.error).toBeNull();
  });
});
