import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationName } from '../../../src-preload/contract';
import type { Result } from '../../../src-preload/result';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createSecretStore, type CreateSecretStoreOptions } from '../../../src-main/keychain/create-secret-store';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { createLogger, type FileLogger } from '../../../src-main/logging/create-logger';
import type { Logger } from '../../../src-main/logging/logger';
import { openSettingsStore, SETTINGS_FILE } from '../../../src-main/settings/settings-store';
import type { RunningSandbox } from '../../../sandbox/server';
import { ScriptedBrowser } from '../support/scripted-browser';

export const REFRESH_ACCOUNT = 'refresh-token:local-sandbox';

/** Everything one test run shares across "launches" of the app: the user data folder and the keychain. */
export interface Machine {
  readonly dir: string;
  readonly secrets: SecretStore;
  readonly fileLogger: FileLogger;
  readonly logger: Logger;
  /** Every value the app registered as a secret with the logger (all tokens it ever held). */
  readonly registeredSecrets: string[];
  /** Every bridge result and event payload any launch produced, as JSON. */
  readonly bridgeTraffic: string[];
  browser: ScriptedBrowser;
  readonly sandbox: RunningSandbox;
  settingsText(): Promise<string>;
  logText(): Promise<string>;
  dispose(): Promise<void>;
}

export async function createMachine(
  sandbox: RunningSandbox,
  options: {
    memoryKeychain?: boolean;
    /** A keychain that can be broken mid-run (security 31), with a short deadline per call. */
    keychain?: Pick<CreateSecretStoreOptions, 'loadKeytar' | 'callDeadlineMs'>;
  } = {},
): Promise<Machine> {
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-session-'));
  const fileLogger = createLogger({ directory: dir, level: 'debug' });
  const registeredSecrets: string[] = [];
  const logger: Logger = {
    debug: (message, details) => fileLogger.debug(message, details),
    info: (message, details) => fileLogger.info(message, details),
    warn: (message, details) => fileLogger.warn(message, details),
    error: (message, details) => fileLogger.error(message, details),
    registerSecret: (value) => {
      registeredSecrets.push(value);
      fileLogger.registerSecret(value);
    },
  };
  // A keychain service of its own, so parallel test files never share an entry.
  const secrets = options.memoryKeychain
    ? createMemoryStore()
    : await createSecretStore(logger, { service: `wallet-desk-it-${randomUUID()}`, ...options.keychain });
  const alice = userOf(sandbox, 'alice');
  return {
    dir,
    secrets,
    fileLogger,
    logger,
    registeredSecrets,
    bridgeTraffic: [],
    browser: new ScriptedBrowser({ username: 'alice', password: alice.password }),
    sandbox,
    settingsText: () => readFile(join(dir, SETTINGS_FILE), 'utf8').catch(() => ''),
    logText: async () => {
      await fileLogger.flush();
      return readFile(fileLogger.filePath, 'utf8');
    },
    async dispose() {
      await fileLogger.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface LaunchedApp {
  readonly core: AppCore;
  readonly events: { event: string; payload: unknown }[];
  call<K extends OperationName>(operation: K, input?: unknown): Promise<Result<unknown>>;
  /** Calls and returns the value, or throws with the bridge error. */
  value<T = unknown>(operation: OperationName, input?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** One launch of the app over the machine: settings read from disk, the keychain as it is. */
export async function launch(
  machine: Machine,
  sessionOptions: { signInTimeoutMs?: number; requestTimeoutMs?: number; refreshLeewaySeconds?: number } = {},
  /** Another port for the local sandbox endpoints (a closed one plays "the service is unreachable"). */
  sandboxPort: number = Number(new URL(machine.sandbox.origin).port),
): Promise<LaunchedApp> {
  const settings = await openSettingsStore(machine.dir);
  const events: { event: string; payload: unknown }[] = [];
  const emit = createEmitter((event, payload) => {
    events.push({ event, payload });
    machine.bridgeTraffic.push(JSON.stringify(payload));
  });
  const core = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.0.0-test',
    settings,
    secrets: machine.secrets,
    logger: machine.logger,
    emit,
    openExternal: (url) => machine.browser.openExternal(url),
    localSandboxPort: sandboxPort,
    userDataDir: machine.dir,
    sessionOptions: { refreshLeewaySeconds: 1, signInTimeoutMs: 20_000, ...sessionOptions },
  });
  const dispatch = createDispatcher(core.handlers, machine.logger);
  const call = async (operation: OperationName, input?: unknown) => {
    const result = await dispatch(operation, input);
    machine.bridgeTraffic.push(JSON.stringify(result));
    return result;
  };
  return {
    core,
    events,
    call,
    async value<T>(operation: OperationName, input?: unknown) {
      const result = await call(operation, input);
      if (!result.ok)
        throw Object.assign(new Error(`${operation}: ${result.error.code}: ${result.error.message}`), {
          bridgeError: result.error,
        });
      return result.value as T;
    },
    close: () => core.dispose(),
  };
}

export function userOf(sandbox: RunningSandbox, username: string) {
  const found = sandbox.info().users.find((candidate) => candidate.username === username);
  if (!found) throw new Error(`no sandbox user ${username}`);
  return found;
}

/** A token request straight to the provider, as an attacker holding a copied refresh token would. */
export async function refreshDirectly(
  sandbox: RunningSandbox,
  refreshToken: string,
): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${sandbox.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: sandbox.clientId,
    }).toString(),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, ...(body.error ? { error: body.error } : {}) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
