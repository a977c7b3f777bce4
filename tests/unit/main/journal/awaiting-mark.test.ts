import { describe, expect, it } from 'vitest';
import type { WithdrawBody } from '../../../../src-main/features/withdraw/withdraw-body';
import { journaledLedger } from '../../../../src-main/features/money/intent-journal';
import type { MoneyJournal } from '../../../../src-main/journal/money-journal';
import { freshDir, open, readJournal, withdrawal } from './journal-support';

/** A withdrawal ledger on this journal whose awaiting marks live in `marks`, as the intent machine keeps them. */
function markedLedger(journal: MoneyJournal, marks: Set<string>) {
  return journaledLedger<WithdrawBody, string, null>(
    journal.section('withdraw'),
    { get: () => null, set: () => {} },
    marks,
  );
}

// docs/z-codes.md, Z509: a withdrawal waiting for approval by e-mail is a state of its own, kept in the money
// journal beside the intent (security.md 35), so a restart shows it as it was.
describe('the awaiting-e-mail-approval mark in the money journal', () => {
  it('is written beside the unknown intent and comes back with it after a restart', async () => {
    const dir = await freshDir();
    const marks = new Set<string>();
    const ledger = markedLedger(await open(dir), marks);
    const waiting = ledger.confirm(withdrawal(1).body);
    const lost = ledger.confirm(withdrawal(2).body);
    for (const intent of [waiting, lost]) {
      await expect(
        ledger.submit(intent.id, async () => Promise.reject(new Error('connection reset'))),
      ).rejects.toMatchObject({ code: 'outcome_unknown' });
    }
    marks.add(waiting.id);
    await ledger.rewrite();
    expect(JSON.parse(await readJournal(dir)).sections.withdraw).toEqual([
      expect.objectContaining({ id: waiting.id, awaiting: 'email-approval' }),
      expect.not.objectContaining({ awaiting: expect.anything() }),
    ]);

    const restartedMarks = new Set<string>();
    const restarted = markedLedger(await open(dir), restartedMarks);
    expect(restarted.unknown().map((intent) => intent.id)).toEqual([waiting.id, lost.id]);
    expect([...restartedMarks]).toEqual([waiting.id]);
  });

  it('is dropped from the journal once the look-up settles the intent', async () => {
    const dir = await freshDir();
    const marks = new Set<string>();
    const ledger = markedLedger(await open(dir), marks);
    const intent = ledger.confirm(withdrawal(3).body);
    await expect(ledger.submit(intent.id, async () => Promise.reject(new Error('reset')))).rejects.toBeDefined();
    marks.add(intent.id);
    await ledger.rewrite();
    await ledger.reconcile(intent.id, 'tx-3');
    const restartedMarks = new Set<string>();
    const restarted = markedLedger(await open(dir), restartedMarks);
    expect(restarted.unknown()).toEqual([]);
    expect(restartedMarks.size).toBe(0);
  });
});
