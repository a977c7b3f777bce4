import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationName } from '../../../src-preload/contract';
import type { BridgeError, Result } from '../../../src-preload/result';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { createRecordingLogger } from '../../unit/support/recording-logger';
import { ScriptedBrowser } from '../support/scripted-browser';
import { createCodeSource } from '../../support/two-factor-codes';

export interface ServiceRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown> | null;
}

/**
 * The app's main-process core signed in to a fresh sandbox, with every request the app sends to
 * Interface A recorded (method, path, headers), so tests can prove what did and did not reach the service.
 */
export async function startMoneyApp(options: { username?: string; totpWindowSteps?: number } = {}) {
  const username = options.username ?? 'alice';
  const sandbox: RunningSandbox = await startSandbox({
    port: 0,
    quiet: true,
    totpWindowSteps: options.totpWindowSteps ?? 20,
  });
  const user = sandbox.info().users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no sandbox user ${username}`);

  const requests: ServiceRequest[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === sandbox.origin && url.pathname.startsWith('/api/OAuth/')) {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      requests.push({ method: init?.method ?? 'GET', path: url.pathname.slice('/api/OAuth'.length), headers, body });
    }
    return originalFetch(input, init);
  };

  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-money-'));
  const logger = createRecordingLogger();
  const browser = new ScriptedBrowser({ username, password: user.password });
  const core: AppCore = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.0.0-test',
    settings: await openSettingsStore(dir),
    secrets: createMemoryStore(),
    logger,
    emit: createEmitter(() => undefined),
    openExternal: (url) => browser.openExternal(url),
    localSandboxPort: Number(new URL(sandbox.origin).port),
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
    sandbox,
    core,
    user,
    logger,
    requests,
    bridgeTraffic,
    nextCode: createCodeSource(user.totpSecret, options.totpWindowSteps ?? 20),
    call,
    value,
    failure,
    /** Requests to one Interface A path, e.g. count('POST', '/send'). */
    count: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).length,
    async switchTo(role: string) {
      const account = user.accounts.find((candidate) => candidate.role === role);
      if (!account) throw new Error(`${username} has no ${role} account`);
      await value('session.switchAccount', { accountGuid: account.guid });
      return account;
    },
    async close() {
      globalThis.fetch = originalFetch;
      await core.dispose();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type MoneyApp = Awaited<ReturnType<typeof startMoneyApp>>;
