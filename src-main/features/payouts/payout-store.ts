import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DraftContent, PayoutPerson } from '../../../src-preload/contract/payouts';
import { AppError } from '../../app-error';
import { generationPaths, writeGeneration } from '../../journal/durable-write';
import type { Logger } from '../../logging/logger';
import { t } from '../../i18n/main-text';

export const PAYOUTS_FILE = 'payouts.json';

/**
 * What happened to one row, written down by the batch beside the send's own journal entry: `sending` before
 * the row's request leaves (so a restart knows the row was started, whatever the money journal then says),
 * the answer after. Never a two-factor code (security.md 42).
 */
export const RowRecord = z.discriminatedUnion('state', [
  z.object({ state: z.literal('skipped'), by: z.string(), at: z.string() }),
  z.object({ state: z.literal('sending'), intentId: z.uuid(), by: z.string(), at: z.string() }),
  z.object({
    state: z.literal('succeeded'),
    intentId: z.uuid().nullable(),
    txId: z.string(),
    explorerUrl: z.string().nullable(),
    by: z.string(),
    at: z.string(),
  }),
  z.object({
    state: z.enum(['refused', 'unknown']),
    intentId: z.uuid().nullable(),
    message: z.string(),
    by: z.string(),
    at: z.string(),
  }),
]);
export type RowRecord = z.infer<typeof RowRecord>;

export const StoredDraft = z.object({
  id: z.uuid(),
  content: DraftContent,
  importedBy: PayoutPerson.extend({ at: z.string() }).nullable(),
  /** By row reference. */
  rows: z.record(z.string(), RowRecord),
});
export type StoredDraft = z.infer<typeof StoredDraft>;

export const StoredDeskRule = z.object({ separateApprover: z.boolean(), changedBy: z.string(), changedAt: z.string() });
export type StoredDeskRule = z.infer<typeof StoredDeskRule>;

const PayoutsFile = z.object({
  format: z.literal('wallet-desk-payouts'),
  version: z.literal(1),
  drafts: z.array(StoredDraft),
  /** By account GUID. */
  deskRules: z.record(z.string(), StoredDeskRule),
});
type PayoutsFile = z.infer<typeof PayoutsFile>;

export interface PayoutStore {
  drafts(): readonly StoredDraft[];
  get(id: string): StoredDraft | undefined;
  put(draft: StoredDraft): Promise<void>;
  remove(id: string): Promise<void>;
  /** Written to the disk before it returns: a row is marked sending before its request leaves. */
  setRow(id: string, reference: string, record: RowRecord): Promise<void>;
  deskRule(accountGuid: string): StoredDeskRule | undefined;
  setDeskRule(accountGuid: string, rule: StoredDeskRule): Promise<void>;
}

/**
 * Drafts and desk rules in payouts.json, written like the money journal (security.md 35): flushed to the
 * disk, the previous generation kept, and a file that cannot be read never read as empty. Without a folder,
 * for this run only.
 */
export async function openPayoutStore(directory: string | undefined, logger: Logger): Promise<PayoutStore> {
  if (directory === undefined) return createStore(emptyFile(), async () => undefined, false);
  const paths = generationPaths(join(directory, PAYOUTS_FILE));
  const current = await readGeneration(paths.current);
  const previous = current.kind === 'read' ? current : await readGeneration(paths.previous);
  const usable = current.kind === 'read' ? current : previous.kind === 'read' ? previous : null;
  const broken = current.kind === 'damaged' && usable === null;
  if (current.kind === 'damaged') logger.warn('payouts.json could not be read', { fallback: usable !== null });
  const content = usable?.content ?? emptyFile();
  return createStore(content, (text) => writeGeneration(paths, text), broken);
}

type Read = { kind: 'missing' } | { kind: 'damaged' } | { kind: 'read'; content: PayoutsFile };

async function readGeneration(path: string): Promise<Read> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'damaged' };
  }
  try {
    const parsed = PayoutsFile.safeParse(JSON.parse(text));
    return parsed.success ? { kind: 'read', content: parsed.data } : { kind: 'damaged' };
  } catch {
    return { kind: 'damaged' };
  }
}

function emptyFile(): PayoutsFile {
  return { format: 'wallet-desk-payouts', version: 1, drafts: [], deskRules: {} };
}

function createStore(initial: PayoutsFile, write: (text: string) => Promise<void>, broken: boolean): PayoutStore {
  let content = initial;
  let writes: Promise<unknown> = Promise.resolve();

  /** Serialised, so a slow earlier write never lands after a later one; a failed one undoes its change. */
  async function change(next: PayoutsFile): Promise<void> {
    if (broken) throw new AppError('storage_failed', t('mainPayouts.storeUnreadable'));
    const before = content;
    content = next;
    const written = writes.catch(() => undefined).then(() => write(`${JSON.stringify(content)}\n`));
    writes = written;
    try {
      await written;
    } catch (cause) {
      if (content === next) content = before;
      throw new AppError('storage_failed', t('mainPayouts.storeNotWritten'), { cause });
    }
  }

  function replaceDraft(id: string, update: (draft: StoredDraft) => StoredDraft): PayoutsFile {
    return { ...content, drafts: content.drafts.map((draft) => (draft.id === id ? update(draft) : draft)) };
  }

  return {
    drafts: () => content.drafts,
    get: (id) => content.drafts.find((draft) => draft.id === id),
    put: (draft) => change({ ...content, drafts: [...content.drafts.filter((d) => d.id !== draft.id), draft] }),
    remove: (id) => change({ ...content, drafts: content.drafts.filter((draft) => draft.id !== id) }),
    setRow: (id, reference, record) =>
      change(replaceDraft(id, (draft) => ({ ...draft, rows: { ...draft.rows, [reference]: record } }))),
    deskRule: (accountGuid) => content.deskRules[accountGuid],
    setDeskRule: (accountGuid, rule) =>
      change({ ...content, deskRules: { ...content.deskRules, [accountGuid]: rule } }),
  };
}
