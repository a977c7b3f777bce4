import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalRecoveryView } from '../../../src-preload/contract/journal';
import type { SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import { JOURNAL_FILE } from '../../../src-main/journal/journal-format';
import { SETTINGS_FILE } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { startSignedInCore, type SignedInCore } from '../support/signed-in-core';
import { createCodeSource } from '../../support/two-factor-codes';
import { lastSeq, movementsAfter, profiles, settle } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/**
 * The record of payments that may have gone through outlives damage to its own file and to settings.json
 * (security.md 35): against both service profiles, counting what reached the sandbox's books.
 */
describe.each(profiles)('a damaged or moved record of payments, %s service', (profile) => {
  let sandbox: RunningSandbox;
  let nextCode: () => Promise<string>;
  const running: SignedInCore[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: 20, serviceProfile: profile });
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    nextCode = createCodeSource(alice?.totpSecret ?? '', 20);
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await sandbox?.close();
  });

  async function launch(userDataDir?: string): Promise<SignedInCore> {
    const app = await startSignedInCore(sandbox, {
      dirPrefix: 'wallet-desk-damaged-journal-',
      ...(userDataDir ? { userDataDir } : {}),
    });
    running.push(app);
    return app;
  }

  async function review(app: SignedInCore, amount: string, acknowledgedIntentIds?: string[]): Promise<SendReview> {
    const precheck = await app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount });
    return app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      ...(acknowledgedIntentIds ? { acknowledgedIntentIds } : {}),
    });
  }

  /** A send whose answer is lost after the service committed it: unknown, and in the journal. */
  async function loseASend(app: SignedInCore, amount: string): Promise<SendReview> {
    const lost = await review(app, amount);
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    const failure = await app.failure('send.execute', { intentId: lost.intentId, tfaCode: await nextCode() });
    expect(failure.code).toBe('outcome_unknown');
    await settle(sandbox);
    return lost;
  }

  it('a user who moves settings.json aside still finds the unknown send, and the same payment is not taken as new', async () => {
    const first = await launch();
    const lost = await loseASend(first, '0.00031');
    await first.core.dispose();
    await rename(join(first.userDataDir, SETTINGS_FILE), join(first.userDataDir, 'settings.moved.json')).catch(
      () => undefined,
    );

    const second = await launch(first.userDataDir);
    const unresolved = await second.value<{ review: SendReview; status: SendStatus }[]>('send.unresolved');
    expect(unresolved.map((entry) => entry.review.referenceId)).toEqual([lost.referenceId]);
    expect(await second.value('journal.recovery')).toBeNull();
    // The same payment entered again is refused until the user says they want a new one past the unknown one.
    const precheck = await second.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.00031',
    });
    const again = await second.failure('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    expect(again.code).toBe('unresolved_intent');
    await second.core.dispose();
  });

  it('a truncated journal: the recovered send is listed and reported, new sends are refused until the list is seen', async () => {
    const first = await launch();
    const lost = await loseASend(first, '0.00032');
    await first.core.dispose();
    const path = join(first.userDataDir, JOURNAL_FILE);
    const whole = await readFile(path, 'utf8');
    await writeFile(path, whole.slice(0, Math.floor(whole.length / 2)));

    const mark = lastSeq(sandbox);
    const second = await launch(first.userDataDir);
    const recovery = await second.value<JournalRecoveryView>('journal.recovery');
    expect(recovery).toMatchObject({
      cause: 'journal-damaged',
      previousGenerationUsed: true,
      recovered: [{ kind: 'send', referenceId: lost.referenceId, amount: '0.00032', asset: 'BTC' }],
    });
    const unresolved = await second.value<{ review: SendReview }[]>('send.unresolved');
    expect(unresolved.map((entry) => entry.review.referenceId)).toEqual([lost.referenceId]);

    const fresh = await review(second, '0.00033', [lost.intentId]);
    const refused = await second.failure('send.execute', {
      intentId: fresh.intentId,
      tfaCode: await nextCode(),
      acknowledgedIntentIds: [lost.intentId],
    });
    expect(refused.code).toBe('storage_failed');
    expect(refused.message).toMatch(/Nothing was sent\. Read the list of recovered payments/);
    expect(refused.message).not.toMatch(/move|delete|settings file/i);
    expect(movementsAfter(sandbox, mark)).toEqual([]);

    // Locked, the report is not given out.
    await second.value('session.lock');
    expect((await second.failure('journal.recovery')).code).toBe('locked');
    expect((await second.failure('journal.acknowledgeRecovery')).code).toBe('locked');
    await second.core.dispose();

    // Not seen, so the next run shows it again; seen there, it is gone for good and paying works.
    const third = await launch(first.userDataDir);
    expect(await third.value('journal.recovery')).toMatchObject({ cause: 'journal-damaged' });
    expect(await third.value('journal.acknowledgeRecovery')).toBeNull();
    expect(await third.value('journal.recovery')).toBeNull();
    const paid = await review(third, '0.00034', [lost.intentId]);
    const sent = await third.call('send.execute', {
      intentId: paid.intentId,
      tfaCode: await nextCode(),
      acknowledgedIntentIds: [lost.intentId],
    });
    expect(sent.ok).toBe(true);
    await settle(sandbox);
    expect(movementsAfter(sandbox, mark).filter((movement) => movement.referenceId === paid.referenceId)).toHaveLength(
      1,
    );
    await third.core.dispose();

    const fourth = await launch(first.userDataDir);
    expect(await fourth.value('journal.recovery')).toBeNull();
    await fourth.core.dispose();
  });
});
