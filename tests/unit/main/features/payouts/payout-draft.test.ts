import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftContent } from '../../../../../src-preload/contract/payouts';
import { parseBatchCsv } from '../../../../../src-main/features/payouts/batch-csv';
import { canonicalForm, fingerprintOf } from '../../../../../src-main/features/payouts/canonical-form';
import { openPayoutStore, PAYOUTS_FILE } from '../../../../../src-main/features/payouts/payout-store';
import { createRecordingLogger } from '../../../support/recording-logger';

const content: DraftContent = {
  kind: 'send',
  accountGuid: 'account-1',
  title: 'March suppliers',
  preparedBy: { userGuid: 'user-1', name: 'Bob Marley' },
  preparedAt: '2026-11-26T06:00:00.000Z',
  rows: [
    {
      line: 2,
      code: 'BTC',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      amount: '0.0002',
      reference: 'INV-1',
      label: 'Rent',
    },
  ],
};

describe('a draft fingerprint (security.md 42)', () => {
  it('is five groups of four hex digits, the same for the same content, whatever the key order', () => {
    const { rows, ...rest } = content;
    const reordered = JSON.parse(JSON.stringify({ rows, ...rest })) as DraftContent;
    expect(fingerprintOf(content)).toMatch(/^([0-9A-F]{4} ){4}[0-9A-F]{4}$/);
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(content));
    expect(canonicalForm(reordered)).toBe(canonicalForm(content));
  });

  it.each([
    ['the amount', { rows: [{ ...content.rows[0]!, amount: '0.00020001' }] }],
    ['the address', { rows: [{ ...content.rows[0]!, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }] }],
    ['the reference', { rows: [{ ...content.rows[0]!, reference: 'INV-2' }] }],
    ['the label', { rows: [{ ...content.rows[0]!, label: 'Rent ' }] }],
    ['who prepared it', { preparedBy: { userGuid: 'user-2', name: 'Bob Marley' } }],
    ['when', { preparedAt: '2026-11-26T06:00:01.000Z' }],
    ['the account', { accountGuid: 'account-2' }],
    ['the title', { title: 'April suppliers' }],
  ])('changes with %s', (_what, change) => {
    expect(fingerprintOf({ ...content, ...change })).not.toBe(fingerprintOf(content));
  });

  it('of a batch of merchant withdrawals covers its member reference and e-mail', () => {
    const target = { memberReference: 'member-1', email: 'treasury@example.com' };
    const withdrawals: DraftContent = { ...content, kind: 'withdraw', withdrawal: target };
    const fingerprints = new Set(
      [
        content,
        withdrawals,
        { ...withdrawals, withdrawal: { ...target, memberReference: 'member-2' } },
        { ...withdrawals, withdrawal: { ...target, email: 'other@example.com' } },
      ].map((each) => fingerprintOf(each)),
    );
    expect(fingerprints.size).toBe(4);
  });
});

describe('reading a payout CSV', () => {
  it('takes semicolons and decimal commas, quoted fields and any column order, and says each problem by line and column', () => {
    const parsed = parseBatchCsv(
      [
        'label;reference;amount;asset;network;address',
        '"Rent; March";INV-1;0,50;USDT;Binance Smartchain;0x0000000000000000000000000000000000000001',
        ';INV-2;1.5;BTC;;bc1q',
        '',
        '"open;INV-3;1;BTC;;x',
        'x;INV 4;0;DOGE;;y',
      ],
      ',',
    );
    expect(parsed.rows[0]).toMatchObject({ line: 2, label: 'Rent; March', amount: '0.5', reference: 'INV-1' });
    expect(parsed.rows[0]?.asset?.code).toBe('BSC-USD');
    expect(parsed.problems.map((problem) => [problem.line, problem.column])).toEqual([
      [3, 'amount'],
      [5, 'file'],
      [6, 'asset'],
      [6, 'amount'],
      [6, 'reference'],
    ]);
  });

  it('names a missing column on the header line', () => {
    expect(parseBatchCsv(['address,asset', 'x,BTC'], '.').problems).toMatchObject([{ line: 1, column: 'amount' }]);
  });
});

describe('the payout store', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('a file it cannot read is never read as empty: it changes nothing rather than lose a draft', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'payout-store-'));
    dirs.push(dir);
    await writeFile(join(dir, PAYOUTS_FILE), '{"format":"wallet-desk-payouts","drafts":[{"id"');
    const store = await openPayoutStore(dir, createRecordingLogger());
    await expect(
      store.setDeskRule('account-1', { separateApprover: true, changedBy: 'x', changedAt: 'y' }),
    ).rejects.toThrow(/could not read its saved payout drafts/);
    expect(await readFile(join(dir, PAYOUTS_FILE), 'utf8')).toContain('"drafts":[{"id"');
  });

  it('comes back with its drafts and rows after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'payout-store-'));
    dirs.push(dir);
    const first = await openPayoutStore(dir, createRecordingLogger());
    const id = '0b7c5a3e-7f38-4a55-9a43-2f1f8f0b6b11';
    await first.put({ id, content, importedBy: null, rows: {} });
    await first.setRow(id, 'INV-1', { state: 'skipped', by: 'user-1', at: 'now' });
    const second = await openPayoutStore(dir, createRecordingLogger());
    expect(second.get(id)?.rows['INV-1']).toEqual({ state: 'skipped', by: 'user-1', at: 'now' });
  });
});
