import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BatchCheck,
  DeskRule,
  DraftSummary,
  DraftView,
  PayoutRowView,
} from '../../../src-preload/contract/payouts';
import type { SendStatus } from '../../../src-preload/contract/send';
import { PAYOUTS_FILE } from '../../../src-main/features/payouts/payout-store';
import { JOURNAL_FILE } from '../../../src-main/journal/journal-format';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { startSignedInCore, type SignedInCore } from '../support/signed-in-core';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';
import { lastSeq, movementsAfter, settle } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const HEADER = 'address,amount,asset,network,reference,label';

/** Twenty payments of Bitcoin, each with its own amount and reference. */
function batchLines(prefix: string, count = 20): string[] {
  return [
    HEADER,
    ...Array.from(
      { length: count },
      (_, index) =>
        `${BTC_DESTINATION},0.000${String(11 + index)},BTC,,${prefix}-${String(index + 1)},Supplier ${String(index + 1)}`,
    ),
  ];
}

type RowResult = { row: PayoutRowView; nextCodeInSeconds: number };

/**
 * Payouts against the strict sandbox (security.md 42, 22-28): drafts are seen by the people of their account,
 * executed by a role that may move money with its own code, one send per row on the send's own intent
 * machine, so faults mid-batch and a restart mid-request move exactly one movement per row that went
 * through and none for the others, counted in the sandbox's books.
 */
describe('payout batches, strict service', () => {
  let sandbox: RunningSandbox;
  let aliceCode: ReturnType<typeof createCodeSource>;
  let bobCode: ReturnType<typeof createCodeSource>;
  const running: SignedInCore[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: WIDE_TOTP_WINDOW, serviceProfile: 'strict' });
    const secret = (name: string) => sandbox.info().users.find((user) => user.username === name)?.totpSecret ?? '';
    aliceCode = createCodeSource(secret('alice'), WIDE_TOTP_WINDOW);
    bobCode = createCodeSource(secret('bob'), WIDE_TOTP_WINDOW);
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await sandbox?.close();
  });

  async function launch(username: string, userDataDir?: string): Promise<SignedInCore> {
    const app = await startSignedInCore(sandbox, {
      username,
      dirPrefix: 'wallet-desk-payouts-',
      ...(userDataDir ? { userDataDir } : {}),
    });
    running.push(app);
    return app;
  }

  async function toNorthwind(app: SignedInCore): Promise<string> {
    const account = app.user.accounts.find((candidate) => candidate.name === 'Northwind Payments');
    if (!account) throw new Error('no Northwind Payments account');
    await app.value('session.switchAccount', { accountGuid: account.guid });
    return account.guid;
  }

  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-payouts-shared-'));
    dirs.push(dir);
    return dir;
  }

  it('a file is checked row by row and column by column, and nothing is saved while a row has a problem', async () => {
    const bob = await launch('bob');
    await toNorthwind(bob);
    const lines = [
      'address;amount;asset;network;reference;label',
      `${BTC_DESTINATION};0,0002;BTC;;INV-1;Rent`,
      `${BTC_DESTINATION.slice(0, -1)}x;0,0003;BTC;;INV-2;Bad checksum`,
      `${BTC_DESTINATION};0.0004;BTC;;INV-3;Wrong separator`,
      `${BTC_DESTINATION};0,0005;USDT;Bitcoin Mainnet;INV-4;No such network`,
      `${BTC_DESTINATION};0,0006;BTC;;INV-1;Repeated reference`,
      `${BTC_DESTINATION};0,0002;BTC;;INV-6;Same payment again`,
    ];
    const checked = await bob.value<BatchCheck>('payouts.check', { lines, decimalSeparator: ',' });
    expect(checked.problems.map((problem) => [problem.line, problem.column])).toEqual([
      [3, 'address'],
      [4, 'amount'],
      [5, 'network'],
      [6, 'reference'],
      [7, 'amount'],
    ]);
    for (const problem of checked.problems) expect(problem.message).toMatch(/^[A-Z].*\.$/);
    // Rows 2, 6 and 7 are payments of the file; each is counted in the total it would add to.
    expect(checked.totals).toMatchObject([{ code: 'BTC', rows: 3 }]);
    expect(checked.totalUsd).not.toBeNull();
    const refused = await bob.failure('payouts.save', { lines, decimalSeparator: ',', title: 'March suppliers' });
    expect(refused.code).toBe('bad_input');
    expect(await bob.value('payouts.list')).toEqual([]);

    // More than the account holds is said against the first row of that asset.
    const tooMuch = await bob.value<BatchCheck>('payouts.check', {
      lines: [HEADER, `${BTC_DESTINATION},90000,BTC,,BIG-1,Too much`],
      decimalSeparator: '.',
    });
    expect(tooMuch.problems).toMatchObject([{ line: 2, column: 'amount' }]);
    expect(tooMuch.totals[0]?.covered).toBe(false);
  });

  it("a Viewer's draft is seen by the account's people only, executed by a role that may move money, and the desk rule refuses the preparer", async () => {
    const shared = await tempDir();
    const bob = await launch('bob', shared);
    const northwind = await toNorthwind(bob);
    const saved = await bob.value<DraftSummary>('payouts.save', {
      lines: batchLines('VIEWER', 2),
      decimalSeparator: '.',
      title: 'Refunds',
    });
    expect(saved).toMatchObject({ rowCount: 2, accountGuid: northwind, preparedBy: { name: expect.any(String) } });
    expect(saved.fingerprint).toMatch(/^([0-9A-F]{4} ){4}[0-9A-F]{4}$/);
    const own = await bob.value<DraftView>('payouts.get', { draftId: saved.draftId });
    expect(own.execution.allowed).toBe(false);
    expect(own.execution.reason).toMatch(/Viewer/);
    expect(
      (
        await bob.failure('payouts.executeRow', {
          draftId: saved.draftId,
          reference: 'VIEWER-1',
          tfaCode: await bobCode(),
        })
      ).code,
    ).toBe('forbidden');
    expect((await bob.failure('payouts.setDeskRule', { separateApprover: true })).code).toBe('forbidden');
    await bob.value('session.lock');
    expect((await bob.failure('payouts.list')).code).toBe('locked');
    expect((await bob.failure('payouts.get', { draftId: saved.draftId })).code).toBe('locked');
    await bob.close();

    // Carol has no access to Northwind Payments: nothing of it, as of a draft never made.
    const carol = await launch('carol', shared);
    expect(await carol.value('payouts.list')).toEqual([]);
    expect((await carol.failure('payouts.get', { draftId: saved.draftId })).code).toBe('not_found');
    await carol.close();

    const alice = await launch('alice', shared);
    await toNorthwind(alice);
    expect((await alice.value<DraftSummary[]>('payouts.list')).map((draft) => draft.draftId)).toEqual([saved.draftId]);
    const rule = await alice.value<DeskRule>('payouts.setDeskRule', { separateApprover: true });
    expect(rule).toMatchObject({ accountGuid: northwind, separateApprover: true });
    const mark = lastSeq(sandbox);
    const first = await alice.value<RowResult>('payouts.executeRow', {
      draftId: saved.draftId,
      reference: 'VIEWER-1',
      tfaCode: await aliceCode(),
    });
    expect(first.row).toMatchObject({ state: 'succeeded', txId: expect.any(String) });
    expect(first.row.explorerUrl).toMatch(/^https:\/\//);
    expect(movementsAfter(sandbox, mark).map((movement) => movement.referenceId)).toEqual(['VIEWER-1']);

    // Alice prepares one herself: with the desk rule on, she cannot execute it; nothing reaches the service.
    const hers = await alice.value<DraftSummary>('payouts.save', {
      lines: batchLines('OWN', 1),
      decimalSeparator: '.',
      title: 'Her own',
    });
    const view = await alice.value<DraftView>('payouts.get', { draftId: hers.draftId });
    expect(view.execution).toMatchObject({ allowed: false, reason: expect.stringMatching(/desk rule/) });
    const refusal = await alice.failure('payouts.executeRow', {
      draftId: hers.draftId,
      reference: 'OWN-1',
      tfaCode: await aliceCode(),
    });
    expect(refusal).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/Prepared and approved by different people/),
    });
    await alice.value('payouts.setDeskRule', { separateApprover: false });
    expect(
      await alice.value<RowResult>('payouts.executeRow', {
        draftId: hers.draftId,
        reference: 'OWN-1',
        tfaCode: await aliceCode(),
      }),
    ).toMatchObject({ row: { state: 'succeeded' } });
    expect(movementsAfter(sandbox, mark).map((movement) => movement.referenceId)).toEqual(['VIEWER-1', 'OWN-1']);
    // A draft and its rows keep who executed them, never the code that authorised a row.
    expect(await readFile(join(shared, PAYOUTS_FILE), 'utf8')).not.toContain(aliceCode.last());
  });

  it('a draft exported by one person imports on another computer with the same fingerprint, and importing sends nothing', async () => {
    const bob = await launch('bob');
    await toNorthwind(bob);
    const saved = await bob.value<DraftSummary>('payouts.save', {
      lines: batchLines('TRAVEL', 3),
      decimalSeparator: '.',
      title: 'Travels',
    });
    const exported = await bob.value<{ text: string; fingerprint: string }>('payouts.export', {
      draftId: saved.draftId,
    });
    expect(exported.fingerprint).toBe(saved.fingerprint);

    const alice = await launch('alice');
    await toNorthwind(alice);
    const mark = lastSeq(sandbox);
    const changed = exported.text.replace('"0.00012"', '"0.00112"');
    expect(changed).not.toBe(exported.text);
    expect((await alice.failure('payouts.import', { lines: changed.split('\n') })).message).toMatch(
      /changed after it was exported/,
    );
    const imported = await alice.value<DraftSummary>('payouts.import', { lines: exported.text.split('\n') });
    expect(imported.fingerprint).toBe(saved.fingerprint);
    expect(imported.preparedBy).toEqual(saved.preparedBy);
    const again = await alice.value<DraftSummary>('payouts.import', { lines: exported.text.split('\n') });
    expect(again.draftId).toBe(imported.draftId);
    const view = await alice.value<DraftView>('payouts.get', { draftId: imported.draftId });
    expect(view.rows.map((row) => row.state)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(movementsAfter(sandbox, mark)).toEqual([]);
  });

  it('a row refused for a wrong code is paid once with a right one, in the same run and after a restart', async () => {
    const dir = await tempDir();
    let alice = await launch('alice', dir);
    await toNorthwind(alice);
    const draft = await alice.value<DraftSummary>('payouts.save', {
      lines: batchLines('WRONG', 2),
      decimalSeparator: '.',
      title: 'Wrong codes',
    });
    const mark = lastSeq(sandbox);
    const row = async (app: SignedInCore, n: number) =>
      (await app.value<DraftView>('payouts.get', { draftId: draft.draftId })).rows[n - 1];
    for (const n of [1, 2]) {
      const refused = await alice.failure('payouts.executeRow', {
        draftId: draft.draftId,
        reference: `WRONG-${String(n)}`,
        tfaCode: '000000',
      });
      expect(refused.code).toBe('invalid_code');
      expect(await row(alice, n)).toMatchObject({ state: 'refused' });
    }
    // Same run: the refused send goes again under its reference, after its look-up found nothing.
    await alice.value('payouts.executeRow', {
      draftId: draft.draftId,
      reference: 'WRONG-1',
      tfaCode: await aliceCode(),
    });
    expect(await row(alice, 1)).toMatchObject({ state: 'succeeded' });
    // After a restart the refused send is no longer in memory: the row is looked up, then sent once.
    await alice.core.dispose();
    alice = await launch('alice', dir);
    await toNorthwind(alice);
    expect(await row(alice, 2)).toMatchObject({ state: 'refused' });
    await alice.value('payouts.executeRow', {
      draftId: draft.draftId,
      reference: 'WRONG-2',
      tfaCode: await aliceCode(),
    });
    expect(await row(alice, 2)).toMatchObject({ state: 'succeeded' });
    expect(movementsAfter(sandbox, mark).map((movement) => movement.referenceId)).toEqual(['WRONG-1', 'WRONG-2']);
  });

  it('twenty rows with faults mid-batch and a restart mid-request: one movement per row that went through, none for the others', async () => {
    const dir = await tempDir();
    let alice = await launch('alice', dir);
    const northwind = await toNorthwind(alice);
    const draft = await alice.value<DraftSummary>('payouts.save', {
      lines: batchLines('BATCH'),
      decimalSeparator: '.',
      title: 'Affiliates',
    });
    const mark = lastSeq(sandbox);
    const acknowledged: string[] = [];
    const execute = async (app: SignedInCore, n: number) => {
      const result = await app.call('payouts.executeRow', {
        draftId: draft.draftId,
        reference: `BATCH-${String(n)}`,
        tfaCode: await aliceCode(),
        acknowledgedIntentIds: [...acknowledged],
      });
      const view = await app.value<DraftView>('payouts.get', { draftId: draft.draftId });
      const row = view.rows[n - 1];
      if (!row) throw new Error(`no row ${String(n)}`);
      if (row.state === 'unknown' && row.intentId) acknowledged.push(row.intentId);
      return { result, row };
    };

    /**
     * Sends row n with the service holding it and copies the app's files as a crash would leave them: both while
     * the request is out, or the batch's file then and the money journal once the answer has come.
     */
    const crashWhileHeld = async (app: SignedInCore, n: number, when: 'both' | 'batch-only') => {
      sandbox.faults.set({ holdPath: '/api/OAuth/send' });
      const pending = execute(app, n);
      await sandbox.faults.whenHeld(1);
      const copy = await tempDir();
      await copyFile(join(app.userDataDir, PAYOUTS_FILE), join(copy, PAYOUTS_FILE));
      expect(await readFile(join(copy, PAYOUTS_FILE), 'utf8')).toContain('"sending"');
      if (when === 'both') await copyFile(join(app.userDataDir, JOURNAL_FILE), join(copy, JOURNAL_FILE));
      sandbox.faults.releaseHeld();
      await pending;
      if (when === 'batch-only') await copyFile(join(app.userDataDir, JOURNAL_FILE), join(copy, JOURNAL_FILE));
      await app.core.dispose();
      return copy;
    };

    for (const n of [1, 2, 3]) expect((await execute(alice, n)).row.state).toBe('succeeded');
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect((await execute(alice, 4)).row).toMatchObject({ state: 'unknown' });
    // A row after an unknown one names it and waits for the person's word, as any send does (security.md 27).
    const unacknowledged = await alice.failure('payouts.executeRow', {
      draftId: draft.draftId,
      reference: 'BATCH-5',
      tfaCode: await aliceCode(),
    });
    expect(unacknowledged.code).toBe('unresolved_intent');
    expect((await execute(alice, 5)).row.state).toBe('succeeded');
    sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 500, message: 'Internal server error' } });
    expect((await execute(alice, 6)).row.state).toBe('unknown');
    sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    expect((await execute(alice, 7)).row.state).toBe('unknown');
    // An unknown row is never sent again, whatever is pressed.
    const sendsBefore = movementsAfter(sandbox, mark).length;
    expect((await execute(alice, 4)).result).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(movementsAfter(sandbox, mark)).toHaveLength(sendsBefore);
    for (const n of [8]) expect((await execute(alice, n)).row.state).toBe('succeeded');

    // Row 9 leaves and the app "dies" while the service holds it: what is on the disk then is what the next
    // run finds (the money journal holds row 9's send as in flight).
    const crashed = await crashWhileHeld(alice, 9, 'both');
    alice = await launch('alice', crashed);
    await toNorthwind(alice);
    let view = await alice.value<DraftView>('payouts.get', { draftId: draft.draftId });
    expect(view.rows.map((row) => row.state)).toEqual([
      ...['succeeded', 'succeeded', 'succeeded', 'unknown', 'succeeded', 'unknown', 'unknown', 'succeeded'],
      'unknown',
      ...Array.from({ length: 11 }, () => 'waiting'),
    ]);
    // Row 9's send came back from the money journal as unknown: it is never sent again, only looked up.
    acknowledged.push(view.rows[8]?.intentId ?? '');
    expect((await execute(alice, 9)).result).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    const nine = await alice.value<{ row: PayoutRowView; status: SendStatus | null }>('payouts.checkRow', {
      draftId: draft.draftId,
      reference: 'BATCH-9',
    });
    expect(nine.row.state).toBe('succeeded');
    acknowledged.splice(acknowledged.indexOf(nine.row.intentId ?? ''), 1);

    // Row 10 is answered and its send leaves the money journal, but the app dies before the batch writes the
    // answer down: the row reads as interrupted, and executing it finds it in the history instead of paying again.
    const interrupted = await crashWhileHeld(alice, 10, 'batch-only');
    alice = await launch('alice', interrupted);
    await toNorthwind(alice);
    view = await alice.value<DraftView>('payouts.get', { draftId: draft.draftId });
    expect(view.rows[9]?.state).toBe('interrupted');
    const sendsAtTen = movementsAfter(sandbox, mark).length;
    expect((await execute(alice, 10)).row.state).toBe('succeeded');
    expect(movementsAfter(sandbox, mark)).toHaveLength(sendsAtTen);

    for (const n of [11]) expect((await execute(alice, n)).row.state).toBe('succeeded');
    sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/send' });
    expect((await execute(alice, 12)).row.state).toBe('unknown');
    for (const n of [13, 14, 15, 16, 17, 18, 19]) expect((await execute(alice, n)).row.state).toBe('succeeded');
    expect(
      await alice.value<PayoutRowView>('payouts.skipRow', { draftId: draft.draftId, reference: 'BATCH-20' }),
    ).toMatchObject({ state: 'skipped' });
    expect((await execute(alice, 20)).result).toMatchObject({ ok: false, error: { code: 'stale_precheck' } });

    // The late commit lands; Check status finds rows 4 and 7, rows 6 and 12 stay unknown (nothing moved, and
    // absence proves nothing), and a person closes them as for any send.
    await settle(sandbox);
    for (const reference of ['BATCH-4', 'BATCH-7', 'BATCH-6', 'BATCH-12']) {
      await alice.value('payouts.checkRow', { draftId: draft.draftId, reference });
    }
    view = await alice.value<DraftView>('payouts.get', { draftId: draft.draftId });
    const states = Object.fromEntries(view.rows.map((row) => [row.reference, row.state]));
    expect(states).toMatchObject({
      'BATCH-4': 'succeeded',
      'BATCH-7': 'succeeded',
      'BATCH-6': 'unknown',
      'BATCH-12': 'unknown',
    });
    const lost = view.rows.filter((row) => row.state === 'unknown').map((row) => row.intentId ?? '');
    await alice.value('send.close', { intentIds: lost, warning: 'These may still have moved money.', confirmed: true });
    view = await alice.value<DraftView>('payouts.get', { draftId: draft.draftId });
    expect(view.rows.filter((row) => row.state === 'closed').map((row) => row.reference)).toEqual([
      'BATCH-6',
      'BATCH-12',
    ]);

    const moved = movementsAfter(sandbox, mark).filter((movement) => movement.accountGuid === northwind);
    const paid = view.rows.filter((row) => row.state === 'succeeded').map((row) => row.reference);
    expect(paid).toHaveLength(17);
    expect(moved.map((movement) => movement.referenceId).sort()).toEqual([...paid].sort());

    const results = await alice.value<{ text: string }>('payouts.results', { draftId: draft.draftId });
    const lines = results.text.trim().split('\r\n');
    expect(lines).toHaveLength(21);
    expect(lines[1]).toMatch(/^2,BATCH-1,BTC,0\.00011,.*,succeeded,[^,]+,https:\/\//);
    expect(lines[6]).toMatch(/,BATCH-6,.*,closed,/);
    expect(lines[20]).toMatch(/,BATCH-20,.*,skipped,/);
  });
});
