import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WithdrawBody } from '../../../../src-main/features/withdraw/withdraw-body';
import { journaledLedger } from '../../../../src-main/features/money/intent-journal';
import { JOURNAL_FILE } from '../../../../src-main/journal/journal-format';
import { openMoneyJournal, type MoneyJournal } from '../../../../src-main/journal/money-journal';
import { openSettingsStore } from '../../../../src-main/settings/settings-store';
import { createRecordingLogger } from '../../support/recording-logger';

export const PREVIOUS_FILE = 'money-journal.prev.json';

/** A withdrawal as the ledger hands it to the journal; `n` makes each one's ids its own. */
export function withdrawal(n: number, changes: Partial<WithdrawBody> = {}) {
  return {
    id: `5b0c7a52-3f0e-4c36-9d3e-2b8f7c1d9e${String(n).padStart(2, '0')}`,
    referenceId: `mtx-${n}`,
    attempts: 1,
    body: {
      environment: 'local-sandbox',
      publicKey: 'pk-merchant',
      origin: 'http://127.0.0.1:4477',
      code: 'BTC',
      networkId: 1,
      address: 'bc1qexample',
      amount: `0.${n}`,
      label: 'Payroll',
      email: 'treasury@example.com',
      verified: true,
      memberReferenceId: null,
      userGuid: 'user-1',
      startedAtMs: null,
      ...changes,
    } satisfies WithdrawBody,
    review: null,
  };
}

export async function freshDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'wallet-desk-journal-'));
}

export async function open(
  dir: string,
  now = 1_000,
): Promise<MoneyJournal & { logger: ReturnType<typeof createRecordingLogger> }> {
  const logger = createRecordingLogger();
  const journal = await openMoneyJournal({
    directory: dir,
    settings: await openSettingsStore(dir),
    logger,
    now: () => now,
  });
  return Object.assign(journal, { logger });
}

/** A ledger of withdrawals on this journal, as withdraw-service.ts makes it (no reviews). */
export function withdrawLedger(journal: MoneyJournal) {
  return journaledLedger<WithdrawBody, string, null>(journal.section('withdraw'), { get: () => null, set: () => {} });
}

/** A journal holding these withdrawals, written by the app itself (twice, so a previous generation exists). */
export async function journalWith(dir: string, ...records: ReturnType<typeof withdrawal>[]): Promise<void> {
  const journal = await open(dir);
  await journal.section('withdraw').save(records.slice(0, -1));
  await journal.section('withdraw').save(records);
}

export const readJournal = (dir: string, file = JOURNAL_FILE) => readFile(join(dir, file), 'utf8');
export const writeJournal = (dir: string, text: string, file = JOURNAL_FILE) => writeFile(join(dir, file), text);
