import { describe, expect, it } from 'vitest';
import { saveFilters } from '../../../../src-main/shell/save-filters';

describe('the save dialog offers the type of the file being saved (shell/save-filters.ts)', () => {
  it.each([
    ['wallet-desk-history-2026-11-26.csv', 'csv'],
    ['wallet-desk-backup.json', 'json'],
    ['wallet-desk-labels-2026-11-26.jsonl', 'jsonl'],
    ['WALLET.JSONL', 'jsonl'],
  ])('%s is offered as .%s', (name, extension) => {
    expect(saveFilters(name)).toEqual([expect.objectContaining({ extensions: [extension] })]);
  });
});
