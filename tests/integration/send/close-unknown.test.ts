import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import type { ClosedSend, SendPrecheck, SendReview, UnresolvedSend } from '../../../src-preload/contract/send';
import { JOURNAL_FILE } from '../../../src-main/journal/journal-format';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { startSignedInCore, type SignedInCore } from '../support/signed-in-core';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';
import { lastSeq, movementsAfter } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const WARNING = 'These sends may still have moved money. Close them as did not go through anyway.';

/**
 * No number of unknown moves makes paying impossible, and a person can close them (security.md 36), through
 * the bridge against the strict service (no de-duplication): 101 and 1,000 unknown sends left by an earlier
 * run, as a journal holds them after a restart. Movements are counted in the sandbox's own books.
 */
describe('many unknown sends: paying stays possible and a person can close them, strict service', () => {
  let sandbox: RunningSandbox;
  let nextCode: () => Promise<string>;
  const running: SignedInCore[] = [];
  /** The money journal of a run that lost one send, whose record is the pattern of the many. */
  let pattern: { userDataDir: string; journal: Record<string, unknown>; record: Record<string, unknown> };

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      quiet: true,
      totpWindowSteps: WIDE_TOTP_WINDOW,
      serviceProfile: 'strict',
    });
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    nextCode = createCodeSource(alice?.totpSecret ?? '', WIDE_TOTP_WINDOW);
    const first = await launch();
    const review = await confirmSend(first, '0.00011', []);
    sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 503, message: 'Service unavailable' } });
    const lost = await first.failure('send.execute', { intentId: review.intentId, tfaCode: await nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    await first.core.dispose();
    const journal = JSON.parse(await readFile(join(first.userDataDir, JOURNAL_FILE), 'utf8')) as {
      sections: { send: Record<string, unknown>[] };
    };
    const record = journal.sections.send[0];
    if (!record) throw new Error('the lost send was not journaled');
    pattern = { userDataDir: first.userDataDir, journal, record };
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await sandbox?.close();
  });

  async function launch(userDataDir?: string): Promise<SignedInCore> {
    const app = await startSignedInCore(sandbox, {
      dirPrefix: 'wallet-desk-close-',
      ...(userDataDir ? { userDataDir } : {}),
    });
    running.push(app);
    return app;
  }

  async function confirmSend(app: SignedInCore, amount: string, acknowledged: string[]): Promise<SendReview> {
    const precheck = await app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount });
    return app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      ...(acknowledged.length > 0 ? { acknowledgedIntentIds: acknowledged } : {}),
    });
  }

  /** A run whose journal holds `count` unknown sends, as many earlier runs could have left them. */
  async function launchWithUnknown(count: number): Promise<SignedInCore> {
    const { record, journal, userDataDir } = pattern;
    const review = record.review as Record<string, unknown>;
    const send = Array.from({ length: count }, () => {
      const id = randomUUID();
      const referenceId = randomUUID();
      return { ...record, id, referenceId, review: { ...review, intentId: id, referenceId } };
    });
    const sections = { ...(journal.sections as object), send };
    await writeFile(join(userDataDir, JOURNAL_FILE), `${JSON.stringify({ ...journal, sections })}\n`);
    return launch(userDataDir);
  }

  it.each([101, 1_000])(
    'with %i unknown sends a new send goes once, acknowledging them all; closing them all lists them with who, when and what was shown',
    async (count) => {
      const app = await launchWithUnknown(count);
      const unknown = await app.value<UnresolvedSend[]>('send.unresolved');
      expect(unknown).toHaveLength(count);
      const ids = unknown.map((entry) => entry.review.intentId);

      // Paying is possible: acknowledged, the new send leaves once.
      const mark = lastSeq(sandbox);
      const review = await confirmSend(app, '0.00012', ids);
      const outcome = await app.value<{ referenceId: string }>('send.execute', {
        intentId: review.intentId,
        tfaCode: await nextCode(),
        acknowledgedIntentIds: ids,
      });
      expect(outcome.referenceId).toBe(review.referenceId);
      expect(movementsAfter(sandbox, mark).map((movement) => movement.referenceId)).toEqual([review.referenceId]);

      // Closed all at once, with the warning confirmed: none is unsettled any more, each keeps its closing.
      const before = Date.now();
      const closed = await app.value<ClosedSend[]>('send.close', { intentIds: ids, warning: WARNING, confirmed: true });
      expect(closed).toHaveLength(count);
      expect(closed.map((entry) => entry.review.intentId).sort()).toEqual([...ids].sort());
      const { user } = app;
      for (const entry of closed) {
        expect(entry.status.state).toBe('closed');
        expect(entry.closure).toMatchObject({ byName: user.name, shown: WARNING });
        expect(Date.parse(entry.closure.at)).toBeGreaterThanOrEqual(before - 1_000);
        expect(entry.review.amount).toBe('0.00011');
      }
      expect(await app.value('send.unresolved')).toEqual([]);
      // Nothing left to acknowledge: the next send needs no word about them, and a closed one is never sent.
      const free = await confirmSend(app, '0.00013', []);
      await app.value('send.execute', { intentId: free.intentId, tfaCode: await nextCode() });
      const refused = await app.failure('send.execute', { intentId: ids[0], tfaCode: await nextCode() });
      expect(refused.code).toBe('stale_precheck');
      expect(movementsAfter(sandbox, mark)).toHaveLength(2);
      await app.core.dispose();

      // The closings outlive the run.
      const again = await launch(pattern.userDataDir);
      expect(await again.value('send.unresolved')).toEqual([]);
      const kept = await again.value<ClosedSend[]>('send.closed');
      expect(kept).toHaveLength(count);
      expect(kept[0]?.closure).toEqual(closed[0]?.closure);
      await again.core.dispose();
    },
  );

  it('closing needs the confirmation; a closed send the service shows later raises the alarm at once', async () => {
    const app = await launch();
    const review = await confirmSend(app, '0.00014', []);
    sandbox.faults.set({ holdLateCommits: true, unexpectedAnswerNext: { commit: 'late', status: 503, message: 'x' } });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await nextCode() });
    expect(lost.code).toBe('outcome_unknown');

    const unconfirmed = await app.failure('send.close', { intentIds: [review.intentId], warning: WARNING });
    expect(unconfirmed.code).toBe('bad_input');
    expect(await app.value<ClosedSend[]>('send.closed')).toEqual([]);
    await app.value('send.close', { intentIds: [review.intentId], warning: WARNING, confirmed: true });

    // Not at the service yet: it stays closed, no alarm.
    const early = await app.value<{ lookup: string }>('send.reconcile', { intentId: review.intentId });
    expect(early.lookup).toBe('not_found');
    expect(await app.value<MoneyAlarm[]>('alarms.list')).toEqual([]);

    expect(await sandbox.releaseLateCommits()).toBe(1);
    const found = await app.value<{ lookup: string; status: { state: string } }>('send.reconcile', {
      intentId: review.intentId,
    });
    expect(found).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    const alarms = await app.value<MoneyAlarm[]>('alarms.list');
    expect(alarms).toEqual([
      expect.objectContaining({ kind: 'send', referenceId: review.referenceId, amount: '0.00014', asset: 'BTC' }),
    ]);
    expect(await app.value<ClosedSend[]>('send.closed')).toEqual([]);
    expect(await app.value<MoneyAlarm[]>('alarms.dismiss', { id: alarms[0]?.id })).toEqual([]);
  });

  it('the alarm for a closed send found later is still there after a restart, and gone once dismissed', async () => {
    const app = await launch();
    const review = await confirmSend(app, '0.00016', []);
    sandbox.faults.set({ holdLateCommits: true, unexpectedAnswerNext: { commit: 'late', status: 503, message: 'x' } });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    await app.value('send.close', { intentIds: [review.intentId], warning: WARNING, confirmed: true });
    expect(await sandbox.releaseLateCommits()).toBe(1);
    const found = await app.value<{ lookup: string }>('send.reconcile', { intentId: review.intentId });
    expect(found.lookup).toBe('found');
    await app.core.dispose();

    const again = await launch(app.userDataDir);
    const kept = await again.value<MoneyAlarm[]>('alarms.list');
    expect(kept).toEqual([
      expect.objectContaining({ kind: 'send', referenceId: review.referenceId, amount: '0.00016', asset: 'BTC' }),
    ]);
    expect(await again.value<MoneyAlarm[]>('alarms.dismiss', { id: kept[0]?.id })).toEqual([]);
    await again.core.dispose();

    const last = await launch(app.userDataDir);
    expect(await last.value<MoneyAlarm[]>('alarms.list')).toEqual([]);
  });
});
