import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { MAX_USER_LABELS, type LabelImportPreview } from '../../../src-preload/contract/history';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { Logger } from '../../logging/logger';
import type { InterfaceAClient } from '../../service/interface-a';
import type { Settings } from '../../settings/settings-schema';
import type { SettingsStore } from '../../settings/settings-store';
import { savingSettings } from '../../settings/storage-failure';
import { onOwnerChange, type SessionService } from '../session';
import { parseBip329, planLabelImport, toBip329, type Bip329Label, type LabelChange, type LabelPlan } from './bip329';
import { fetchWithRetry } from './fetch-with-retry';
import { labelsOf } from './history-label-store';
import { rowKeyOf } from './row-key';

export interface LabelTransferDeps {
  readonly session: SessionService;
  readonly settings: SettingsStore;
  readonly logger: Logger;
  readonly chooseSaveFile: ((defaultName: string) => Promise<string | null>) | undefined;
}

interface Owner {
  readonly userGuid: string;
  readonly accountGuid: string;
}

interface PendingImport {
  readonly id: string;
  readonly owner: Owner;
  readonly plan: LabelPlan;
  /** The records each transaction hash names in this account's history. */
  readonly rowKeysOf: ReadonlyMap<string, readonly string[]>;
}

const SCAN_PAGE = 500;

/** Bech32 and EVM addresses are the same address in either case; base58 ones are not. */
function sameAddress(a: string, b: string): boolean {
  const caseless = /^(0x|bc1|ltc1|tb1)/i;
  return caseless.test(a) && caseless.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Hash → row keys of every record of the active account's history that has a hash. */
async function hashesOf(client: InterfaceAClient): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (let page = 1; ; page += 1) {
    const result = await fetchWithRetry(() => client.getTransactions({ page, recordsPerPage: SCAN_PAGE }));
    for (const item of result.items) {
      const txId = item.txId ?? '';
      if (txId === '') continue;
      const keys = found.get(txId) ?? [];
      keys.push(rowKeyOf(item));
      found.set(txId, keys);
    }
    if (result.items.length < SCAN_PAGE || page >= result.totalPages) return found;
  }
}

/** The settings with an import's chosen changes made to the owner's labels and address book. */
function withImported(
  current: Settings,
  who: Owner,
  changes: readonly LabelChange[],
  rowKeysOf: PendingImport['rowKeysOf'],
): Settings {
  const users = current.historyLabels;
  const accounts = users[who.userGuid] ?? {};
  const labels = { ...(accounts[who.accountGuid] ?? {}) };
  const bookOfUser = current.addressBook[who.userGuid] ?? {};
  let book = [...(bookOfUser[who.accountGuid] ?? [])];
  const at = new Date().toISOString();
  for (const change of changes) {
    if (change.type === 'tx') {
      for (const key of rowKeysOf.get(change.ref) ?? []) labels[key] = change.to;
    } else {
      // A name the book already gives another address would make two entries look alike: kept apart.
      if (book.some((entry) => entry.name.toLocaleLowerCase() === change.to.toLocaleLowerCase())) continue;
      book = book.map((entry) =>
        sameAddress(entry.address, change.ref) ? { ...entry, name: change.to, updatedAt: at } : entry,
      );
    }
  }
  if (Object.keys(labels).length > MAX_USER_LABELS) {
    throw new AppError('bad_input', t('mainHistory.labels.importTooMany', { max: MAX_USER_LABELS }));
  }
  return {
    ...current,
    historyLabels: { ...users, [who.userGuid]: { ...accounts, [who.accountGuid]: labels } },
    addressBook: { ...current.addressBook, [who.userGuid]: { ...bookOfUser, [who.accountGuid]: book } },
  };
}

/**
 * Transaction labels and address names out and in as BIP-329 JSON Lines. A transaction's label hangs on
 * its row key here and on its hash in the file, so both ways read the account's history once to join them.
 * An import is planned first and shown; nothing changes until the user applies that plan, and a label
 * that differs from the user's own is replaced only when the user says so.
 */
export function createLabelTransfer(deps: LabelTransferDeps) {
  let pending: PendingImport | null = null;
  // The plan the user is looking at belongs to its user and account; the clock notice leaves it be.
  onOwnerChange(deps.session, () => {
    pending = null;
  });

  function owner(): Owner {
    return { userGuid: deps.session.activeUser().userGuid, accountGuid: deps.session.activeAccount().guid };
  }

  const hashes = (): Promise<Map<string, string[]>> => hashesOf(deps.session.interfaceA());

  function addressBookOf(who: Owner) {
    return deps.settings.get().addressBook[who.userGuid]?.[who.accountGuid] ?? [];
  }

  return {
    async exportLabels(): Promise<{ saved: boolean; tx: number; addr: number; withoutHash: number }> {
      const who = owner();
      if (!deps.chooseSaveFile) throw new AppError('not_configured', t('mainHistory.export.noSaveDialog'));
      const labels = labelsOf(deps.settings, who.userGuid, who.accountGuid);
      const byHash = await hashes();
      const out: Bip329Label[] = [];
      const labelled = new Set<string>();
      for (const [txId, keys] of byHash) {
        const key = keys.find((candidate) => labels[candidate] !== undefined);
        if (key === undefined) continue;
        out.push({ type: 'tx', ref: txId, label: labels[key]! });
        for (const each of keys) if (labels[each] !== undefined) labelled.add(each);
      }
      const withoutHash = Object.keys(labels).filter((key) => !labelled.has(key)).length;
      const book = addressBookOf(who);
      const seen = new Set<string>();
      for (const entry of book) {
        if (seen.has(entry.address)) continue;
        seen.add(entry.address);
        out.push({ type: 'addr', ref: entry.address, label: entry.name });
      }
      const path = await deps.chooseSaveFile(`wallet-desk-labels-${new Date().toISOString().slice(0, 10)}.jsonl`);
      if (path === null) return { saved: false, tx: 0, addr: 0, withoutHash };
      if (deps.session.activeAccount().guid !== who.accountGuid)
        throw new AppError('cancelled', t('mainHistory.labels.accountChangedSaving'));
      await writeFile(path, toBip329(out), { encoding: 'utf8', mode: 0o600 });
      const tx = out.filter((entry) => entry.type === 'tx').length;
      deps.logger.info('labels exported', { tx, addr: out.length - tx });
      return { saved: true, tx, addr: out.length - tx, withoutHash };
    },

    async preview(text: string): Promise<LabelImportPreview> {
      const who = owner();
      const parsed = parseBip329(text);
      const labels = labelsOf(deps.settings, who.userGuid, who.accountGuid);
      const book = addressBookOf(who);
      const byHash = parsed.labels.some((entry) => entry.type === 'tx') ? await hashes() : new Map<string, string[]>();
      const plan = planLabelImport(parsed.labels, (entry) => {
        switch (entry.type) {
          case 'tx': {
            const keys = byHash.get(entry.ref);
            if (!keys) return null;
            return keys.map((key) => labels[key]).find((label) => label !== undefined) ?? '';
          }
          case 'addr':
            return book.find((candidate) => sameAddress(candidate.address, entry.ref))?.name ?? null;
        }
      });
      if (deps.session.activeAccount().guid !== who.accountGuid)
        throw new AppError('cancelled', t('mainHistory.labels.accountChangedReading'));
      const id = randomUUID();
      pending = { id, owner: who, plan, rowKeysOf: byHash };
      return {
        importId: id,
        add: [...plan.add],
        replace: [...plan.replace],
        unchanged: plan.unchanged,
        notFound: plan.notFound,
        otherTypes: parsed.otherTypes,
        problems: [...parsed.problems.slice(0, 20)],
        moreProblems: Math.max(0, parsed.problems.length - 20),
      };
    },

    async apply(importId: string, replace: boolean): Promise<{ added: number; replaced: number }> {
      const who = owner();
      const plan = pending;
      if (
        !plan ||
        plan.id !== importId ||
        plan.owner.userGuid !== who.userGuid ||
        plan.owner.accountGuid !== who.accountGuid
      ) {
        throw new AppError('not_found', t('mainHistory.labels.importGone'));
      }
      pending = null;
      const changes = [...plan.plan.add, ...(replace ? plan.plan.replace : [])];
      await savingSettings('history-label', () =>
        deps.settings.update((current) => withImported(current, who, changes, plan.rowKeysOf)),
      );
      const replaced = replace ? plan.plan.replace.length : 0;
      deps.logger.info('labels imported', { added: plan.plan.add.length, replaced });
      return { added: plan.plan.add.length, replaced };
    },
  };
}

export type LabelTransfer = ReturnType<typeof createLabelTransfer>;
