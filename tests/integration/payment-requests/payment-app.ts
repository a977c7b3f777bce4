import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationName } from '../../../src-preload/contract';
import type { BridgeError } from '../../../src-preload/result';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import type { ServiceProfile } from '../../../sandbox/profile';
import { createRecordingLogger } from '../../unit/support/recording-logger';
import { ScriptedBrowser } from '../support/scripted-browser';

export interface PaymentLaunch {
  readonly core: AppCore;
  value<T>(operation: OperationName, input?: unknown): Promise<T>;
  failure(operation: OperationName, input?: unknown): Promise<BridgeError>;
  signIn(username: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One computer: a sandbox, a user-data folder and a keychain that outlive each launch of the app's main half,
 * so a test can quit, launch again and sign in as someone else at the same desk.
 */
export async function startPaymentMachine(profile: ServiceProfile = 'kind') {
  const sandbox: RunningSandbox = await startSandbox({ port: 0, quiet: true, serviceProfile: profile });
  const info = sandbox.info();
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-payreq-'));
  const secrets = createMemoryStore();
  const logger = createRecordingLogger();
  const savedFiles: string[] = [];
  const launches: PaymentLaunch[] = [];

  async function launch(): Promise<PaymentLaunch> {
    let browser: ScriptedBrowser | null = null;
    const settings = await openSettingsStore(dir);
    const core = await createAppCore({
      appName: 'Wallet Desk',
      version: '0.0.0-test',
      settings,
      secrets,
      logger,
      emit: createEmitter(() => undefined),
      openExternal: async (url) => browser?.openExternal(url),
      localSandboxPort: Number(new URL(sandbox.origin).port),
      userDataDir: dir,
      chooseSaveFile: async (name) => {
        const path = join(dir, name);
        savedFiles.push(path);
        return path;
      },
    });
    const dispatch = createDispatcher(core.handlers, logger);
    const launched: PaymentLaunch = {
      core,
      async value<T>(operation: OperationName, input?: unknown) {
        const result = await dispatch(operation, input);
        if (!result.ok) throw new Error(`${operation}: ${result.error.code}: ${result.error.message}`);
        return result.value as T;
      },
      async failure(operation: OperationName, input?: unknown) {
        const result = await dispatch(operation, input);
        if (result.ok) throw new Error(`${operation} unexpectedly succeeded`);
        return result.error;
      },
      async signIn(username) {
        const user = info.users.find((candidate) => candidate.username === username);
        if (!user) throw new Error(`no sandbox user ${username}`);
        await browser?.settled();
        browser = new ScriptedBrowser({ username, password: user.password });
        const view = await launched.value<{ status: string }>('session.signIn');
        if (view.status !== 'signed-in') throw new Error(`sign-in ended as ${view.status}`);
      },
      async close() {
        await core.dispose();
        await browser?.settled();
      },
    };
    launches.push(launched);
    return launched;
  }

  return {
    sandbox,
    info,
    dir,
    secrets,
    logger,
    savedFiles,
    launch,
    /** A payer's deposit through the sandbox's control API (README "Control API"). */
    async deposit(address: string, amount: string): Promise<void> {
      const response = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address, amount, retryDelayMs: 0, timeoutMs: 200 }),
      });
      if (!response.ok) throw new Error(`deposit refused: ${response.status} ${await response.text()}`);
    },
    async close() {
      for (const launched of launches) await launched.close().catch(() => undefined);
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type PaymentMachine = Awaited<ReturnType<typeof startPaymentMachine>>;
