import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { EventPayload, OperationName } from '../../../src-preload/contract';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import type { Logger } from '../../../src-main/logging/logger';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { api, login } from '../../sandbox/helpers';
import { ScriptedBrowser } from '../support/scripted-browser';

const quietLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export type ExportEvent = EventPayload<'history.export.progress'>;

/** A POST /transactions answer as the sandbox sends it, for comparing the app with the service. */
export interface ServiceItem {
  symbol: string;
  symbolName: string;
  displayName: string;
  address: string;
  txId?: string | null;
  amount: number;
  status: string;
  type: string;
  date: string;
  value: number;
  referenceId: string;
  label: string;
  merchantTransactionId: string;
  to?: string | null;
  withdrawType: number;
  prices: Record<'usd' | 'eur' | 'gbp' | 'try' | 'jpy', number>;
  isAutoCollected: boolean;
}
export interface ServicePage {
  totalRecords: number;
  totalPages: number;
  page: number;
  recordsPerPage: number;
  items: ServiceItem[];
}

export interface SignedInCore {
  readonly core: AppCore;
  readonly dir: string;
  readonly tradingGuid: string;
  readonly exportEvents: ExportEvent[];
  /** What the save dialog answers next (default: a file in dir named as suggested). */
  chooseSaveFile: (defaultName: string) => Promise<string | null>;
  value<T>(operation: OperationName, input?: unknown): Promise<T>;
  call(operation: OperationName, input?: unknown): Promise<{ ok: boolean; error?: { code: string; message: string } }>;
  /** Resolves with the first export event matching the predicate (already received or still to come). */
  nextExportEvent(predicate: (event: ExportEvent) => boolean, timeoutMs?: number): Promise<ExportEvent>;
  /** POST /transactions straight at the sandbox with a token of the test's own. */
  direct(body: Record<string, unknown>): Promise<ServicePage>;
  close(): Promise<void>;
}

/** The app's main-process core, signed in as alice on the 20,000-record account, plus a direct line to the sandbox. */
export async function startSignedInCore(sandbox: RunningSandbox): Promise<SignedInCore> {
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-history-'));
  const alice = sandbox.info().users.find((u) => u.username === 'alice');
  const trading = alice?.accounts.find((a) => a.name === 'Alice Trading Ltd');
  if (!alice || !trading) throw new Error('sandbox has no alice trading account');
  const browser = new ScriptedBrowser({ username: 'alice', password: alice.password });
  const exportEvents: ExportEvent[] = [];
  const watchers = new Set<() => void>();
  const settings = await openSettingsStore(dir);
  const fixture: { chooseSaveFile: (defaultName: string) => Promise<string | null> } = {
    chooseSaveFile: async (defaultName) => join(dir, defaultName),
  };
  const core = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.0.0-test',
    settings,
    secrets: createMemoryStore(),
    logger: quietLogger,
    emit: createEmitter((event, payload) => {
      if (event === 'history.export.progress') {
        exportEvents.push(payload as ExportEvent);
        for (const watch of [...watchers]) watch();
      }
    }),
    openExternal: (url) => browser.openExternal(url),
    localSandboxPort: Number(new URL(sandbox.origin).port),
    chooseSaveFile: (defaultName) => fixture.chooseSaveFile(defaultName),
    sessionOptions: { signInTimeoutMs: 20_000 },
  });
  const dispatch = createDispatcher(core.handlers, quietLogger);
  const value = async <T>(operation: OperationName, input?: unknown): Promise<T> => {
    const result = await dispatch(operation, input);
    if (!result.ok) throw new Error(`${operation}: ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  };
  await value('session.signIn');
  await value('session.switchAccount', { accountGuid: trading.guid });
  const token = (await login(sandbox, 'alice')).access_token;

  return Object.assign(fixture, {
    core,
    dir,
    tradingGuid: trading.guid,
    exportEvents,
    value,
    call: (operation: OperationName, input?: unknown) => dispatch(operation, input),
    nextExportEvent(predicate: (event: ExportEvent) => boolean, timeoutMs = 30_000) {
      return new Promise<ExportEvent>((resolve, reject) => {
        const check = (): boolean => {
          const found = exportEvents.find(predicate);
          if (!found) return false;
          watchers.delete(watch);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const watch = (): void => void check();
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`no matching export event; got ${JSON.stringify(exportEvents.slice(-3))}`));
        }, timeoutMs);
        watchers.add(watch);
        check();
      });
    },
    async direct(body: Record<string, unknown>) {
      const answer = await api<ServicePage>(sandbox, 'POST', '/transactions', { token, account: trading.guid, body });
      if (answer.body.code !== 200) throw new Error(`direct /transactions: ${answer.body.code} ${answer.body.message}`);
      return answer.body.data;
    },
    async close() {
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

/**
 * One sandbox and one signed-in core for a whole test file: started before its tests (handed to
 * `started`), closed after them.
 */
export function useSignedInCore(started: (running: { sandbox: RunningSandbox; app: SignedInCore }) => void): void {
  let sandbox: RunningSandbox | undefined;
  let app: SignedInCore | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    app = await startSignedInCore(sandbox);
    started({ sandbox, app });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });
}

/** Every record of a query, page by page as the service serves them. */
export async function allDirect(
  fixture: SignedInCore,
  query: Record<string, unknown>,
  pageSize = 500,
): Promise<ServiceItem[]> {
  const items: ServiceItem[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fixture.direct({ ...query, page, recordsPerPage: pageSize });
    items.push(...result.items);
    if (page >= result.totalPages) return items;
  }
}
