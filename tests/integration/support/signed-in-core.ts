import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationName } from '../../../src-preload/contract';
import type { BridgeError, Result } from '../../../src-preload/result';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import { openMoneyJournal } from '../../../src-main/journal/money-journal';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import type { RunningSandbox, SandboxInfo } from '../../../sandbox/server';
import { createRecordingLogger } from '../../unit/support/recording-logger';
import { ScriptedBrowser } from './scripted-browser';

export type SandboxUser = SandboxInfo['users'][number];

export interface SignedInCore {
  readonly core: AppCore;
  readonly user: SandboxUser;
  readonly logger: ReturnType<typeof createRecordingLogger>;
  /** Every bridge result the app returned (JSON text), so tests can search it for secrets. */
  readonly bridgeTraffic: string[];
  /** What the app last wrote to the (in-memory) system clipboard; hijackWith makes it "hijack" copied text. */
  readonly clipboard: { text: string; hijackWith: string | null };
  /** Where settings.json and the money journal live. */
  readonly userDataDir: string;
  /** Calls an operation through the real dispatcher. */
  call(operation: OperationName, input?: unknown): Promise<Result<unknown>>;
  /** Resolves with the operation's value or rejects with its bridge error. */
  value<T>(operation: OperationName, input?: unknown): Promise<T>;
  /** Calls an operation that must fail; resolves with its bridge error. */
  failure(operation: OperationName, input?: unknown): Promise<BridgeError>;
  close(): Promise<void>;
}

/**
 * The app's main-process half signed in to the sandbox as `username` through the real sign-in flow (a
 * scripted system browser), with in-memory secrets and clipboard and a recording logger.
 */
export async function startSignedInCore(
  sandbox: RunningSandbox,
  options: {
    username?: string;
    dirPrefix?: string;
    /** Reuse a user-data folder (settings, money journal), e.g. to start the app again; it is then left in place. */
    userDataDir?: string;
    /** Timing knobs of the core (a short request timeout for timeout tests). */
    sessionOptions?: { requestTimeoutMs?: number };
  } = {},
): Promise<SignedInCore> {
  const username = options.username ?? 'alice';
  const user = sandbox.info().users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no sandbox user ${username}`);
  const dir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), options.dirPrefix ?? 'wallet-desk-core-')));
  const browser = new ScriptedBrowser({ username, password: user.password });
  const clipboard: SignedInCore['clipboard'] = { text: '', hijackWith: null };
  const logger = createRecordingLogger();
  const settings = await openSettingsStore(dir);
  const core = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.0.0-test',
    settings,
    // The money journal in the same folder, without the balance cache that `userDataDir` would also bring.
    moneyJournal: await openMoneyJournal({ directory: dir, settings, logger }),
    payoutsDir: dir,
    secrets: createMemoryStore(),
    logger,
    emit: createEmitter(() => undefined),
    openExternal: (url) => browser.openExternal(url),
    localSandboxPort: Number(new URL(sandbox.origin).port),
    writeClipboard: (text) => {
      clipboard.text = clipboard.hijackWith ?? text;
    },
    readClipboard: () => clipboard.text,
    ...(options.sessionOptions ? { sessionOptions: options.sessionOptions } : {}),
  });
  const dispatch = createDispatcher(core.handlers, logger);
  const bridgeTraffic: string[] = [];

  async function call(operation: OperationName, input?: unknown): Promise<Result<unknown>> {
    const result = await dispatch(operation, input);
    bridgeTraffic.push(JSON.stringify(result));
    return result;
  }
  async function value<T>(operation: OperationName, input?: unknown): Promise<T> {
    const result = await call(operation, input);
    if (!result.ok) throw new Error(`${operation}: ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  }
  async function failure(operation: OperationName, input?: unknown): Promise<BridgeError> {
    const result = await call(operation, input);
    if (result.ok) throw new Error(`${operation} unexpectedly succeeded: ${JSON.stringify(result.value)}`);
    return result.error;
  }

  const view = await value<{ status: string }>('session.signIn');
  if (view.status !== 'signed-in') throw new Error(`sign-in ended as ${view.status}`);

  return {
    core,
    user,
    logger,
    bridgeTraffic,
    clipboard,
    userDataDir: dir,
    call,
    value,
    failure,
    async close() {
      await core.dispose();
      await browser.settled();
      if (!options.userDataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
