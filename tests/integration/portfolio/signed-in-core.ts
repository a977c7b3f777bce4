import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationName } from '../../../src-preload/contract';
import type { BridgeError } from '../../../src-preload/result';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import type { RunningSandbox } from '../../../sandbox/server';
import { createRecordingLogger } from '../../unit/support/recording-logger';
import { ScriptedBrowser } from '../support/scripted-browser';

export interface SignedInCore {
  readonly core: AppCore;
  /** What the app last wrote to the (in-memory) system clipboard. */
  readonly clipboard: { text: string; hijackWith: string | null };
  /** Calls an operation through the real dispatcher; resolves with the value or rejects with the bridge error. */
  value<T>(operation: OperationName, input?: unknown): Promise<T>;
  /** Calls an operation that must fail; resolves with its bridge error. */
  failure(operation: OperationName, input?: unknown): Promise<BridgeError>;
  close(): Promise<void>;
}

/**
 * The app's main-process half signed in to the sandbox as `username` through the real sign-in flow,
 * with a clipboard that can be made to "hijack" copied text the way clipboard malware does.
 */
export async function startSignedInCore(sandbox: RunningSandbox, username = 'alice'): Promise<SignedInCore> {
  const user = sandbox.info().users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no sandbox user ${username}`);
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-portfolio-'));
  const browser = new ScriptedBrowser({ username, password: user.password });
  const clipboard: SignedInCore['clipboard'] = { text: '', hijackWith: null };
  const logger = createRecordingLogger();
  const core = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.0.0-test',
    settings: await openSettingsStore(dir),
    secrets: createMemoryStore(),
    logger,
    emit: createEmitter(() => undefined),
    openExternal: (url) => browser.openExternal(url),
    localSandboxPort: Number(new URL(sandbox.origin).port),
    writeClipboard: (text) => {
      clipboard.text = clipboard.hijackWith ?? text;
    },
    readClipboard: () => clipboard.text,
  });
  const dispatch = createDispatcher(core.handlers, logger);
  const signedIn = await dispatch('session.signIn', undefined);
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  return {
    core,
    clipboard,
    async value<T>(operation: OperationName, input?: unknown) {
      const result = await dispatch(operation, input);
      if (!result.ok) throw new Error(`${operation}: ${result.error.code}: ${result.error.message}`);
      return result.value as T;
    },
    async failure(operation, input) {
      const result = await dispatch(operation, input);
      if (result.ok) throw new Error(`${operation} succeeded but was expected to fail`);
      return result.error;
    },
    async close() {
      await core.dispose();
      await browser.settled();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
