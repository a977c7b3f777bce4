import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryPage } from '../../../../../src-preload/contract/history';
import { toHistoryItem } from '../../../../../src-main/features/history/history-item';
import { TransactionsResult } from '../../../../../src-main/service/interface-a-transaction-schemas';
import { openSettingsStore, SETTINGS_FILE } from '../../../../../src-main/settings/settings-store';

describe('settings files written before history filters existed', () => {
  it('still parse, with no remembered filters', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-history-settings-'));
    try {
      const older = {
        version: 1,
        environment: 'local-sandbox',
        environments: {},
        preferences: { privacyMode: true, idleLockMinutes: 5 },
        activeAccountByUser: { u: 'a' },
      };
      await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(older));
      const store = await openSettingsStore(dir);
      expect(store.problem).toBeNull();
      expect(store.get().history).toEqual({});
      expect(store.get().preferences.privacyMode).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a transactions answer the spec only half describes', () => {
  it('passes unknown statuses through, tolerates a missing txId and to, and ignores fields it does not know', () => {
    const answer = TransactionsResult.parse({
      totalRecords: 1,
      totalPages: 1,
      page: 1,
      recordsPerPage: 10,
      items: [
        {
          symbolId: 99,
          symbol: 'NEWCOIN',
          symbolName: 'New coin',
          displayName: 'New coin (L2)',
          address: 'addr',
          amount: 2.5e-8,
          status: 'AwaitingReview',
          type: 'Withdraw',
          date: '2026-11-20T12:00:00Z',
          value: 0,
          referenceId: 'r',
          label: 'l',
          merchantTransactionId: '',
          withdrawType: 7,
          prices: { usd: 1.5, eur: 1.4, gbp: 1.2, try: 50, jpy: 230 },
          isAutoCollected: false,
          somethingNew: { nested: true },
        },
      ],
    });
    const item = toHistoryItem(answer.items[0] as (typeof answer.items)[number], '0'.repeat(32), '');
    expect(item).toMatchObject({
      status: 'AwaitingReview',
      txId: '',
      to: '',
      amount: '0.000000025',
      network: null,
      explorerUrl: null,
      withdrawType: 7,
    });
    expect(HistoryPage.parse({ ...answer, items: [item] }).items[0]).toEqual(item);
  });
});
