import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { HistoryPage, LabelImportPreview } from '../../../src-preload/contract/history';
import { parseBip329 } from '../../../src-main/features/history/bip329';
import type { RunningSandbox } from '../../../sandbox/server';
import { useSignedInCore, type SignedInCore } from './history-fixture';

let app: SignedInCore;
let sandbox: RunningSandbox;

useSignedInCore((started) => ({ sandbox, app } = started));

async function firstPage(): Promise<HistoryPage['items']> {
  return (await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 25 })).items;
}

it('labels go out as BIP-329 and come back in only as far as the user says', async () => {
  expect(sandbox).toBeDefined();
  const [a, b] = (await firstPage()).filter((item) => item.txId !== '');
  if (!a || !b) throw new Error('the first page has fewer than two records with a hash');
  await app.value('history.setLabel', { rowKey: a.rowKey, label: 'Rent' });

  const target = join(app.dir, 'labels.jsonl');
  app.chooseSaveFile = async (name) => {
    expect(name).toMatch(/^wallet-desk-labels-\d{4}-\d{2}-\d{2}\.jsonl$/);
    return target;
  };
  expect(await app.value('history.exportLabels')).toMatchObject({ saved: true, tx: 1 });
  expect(parseBip329(await readFile(target, 'utf8')).labels).toContainEqual({ type: 'tx', ref: a.txId, label: 'Rent' });

  // Another wallet's file: one label differs from mine, one is new, one names a transaction not in this account.
  const text = [
    JSON.stringify({ type: 'tx', ref: a.txId, label: 'Rent, corrected' }),
    JSON.stringify({ type: 'tx', ref: b.txId, label: 'Supplier invoice' }),
    JSON.stringify({ type: 'tx', ref: 'ff'.repeat(32), label: 'Elsewhere' }),
  ].join('\n');
  const preview = await app.value<LabelImportPreview>('history.previewLabelImport', { text });
  expect(preview).toMatchObject({
    add: [{ type: 'tx', ref: b.txId, from: '', to: 'Supplier invoice' }],
    replace: [{ type: 'tx', ref: a.txId, from: 'Rent', to: 'Rent, corrected' }],
    unchanged: 0,
    notFound: 1,
  });
  // The preview itself changed nothing.
  expect((await firstPage()).find((item) => item.rowKey === b.rowKey)?.userLabel).toBe('');

  expect(await app.value('history.applyLabelImport', { importId: preview.importId, replace: false })).toEqual({
    added: 1,
    replaced: 0,
  });
  let items = await firstPage();
  expect(items.find((item) => item.rowKey === a.rowKey)?.userLabel).toBe('Rent');
  expect(items.find((item) => item.rowKey === b.rowKey)?.userLabel).toBe('Supplier invoice');
  // A plan is applied once.
  const again = await app.call('history.applyLabelImport', { importId: preview.importId, replace: true });
  expect(again.error?.code).toBe('not_found');

  const second = await app.value<LabelImportPreview>('history.previewLabelImport', { text });
  expect(second).toMatchObject({ add: [], unchanged: 1, notFound: 1 });
  await app.value('history.applyLabelImport', { importId: second.importId, replace: true });
  items = await firstPage();
  expect(items.find((item) => item.rowKey === a.rowKey)?.userLabel).toBe('Rent, corrected');
}, 120_000);

it('refuses a file with a label that would hide or reorder text, naming its line', async () => {
  const preview = await app.value<LabelImportPreview>('history.previewLabelImport', {
    text: '{"type":"tx","ref":"aa","label":"Pay\\u202Eroll"}\n',
  });
  expect(preview.problems).toEqual([expect.stringMatching(/^Line 1: Remove line breaks/)]);
  expect(preview.add).toEqual([]);
});
