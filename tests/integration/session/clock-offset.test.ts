import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationName } from '../../../src-preload/contract';
import type { SessionView } from '../../../src-preload/contract/session';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import type { Logger } from '../../../src-main/logging/logger';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { ScriptedBrowser } from '../support/scripted-browser';

/**
 * security.md 37: a computer whose clock is off signs in and unlocks all the same, against the sandbox's real
 * OpenID provider running on the true clock in a process of its own, while this process (the app's main
 * side, openid-client included) reads a clock moved ahead or behind.
 */
let sandbox: SandboxProcess;
const realNow = Date.now.bind(Date);
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess();
}, 120_000);

afterAll(async () => {
  await sandbox.close();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function aliceBrowser(): ScriptedBrowser {
  const alice = sandbox.info.users.find((user) => user.username === 'alice');
  if (!alice) throw new Error('no sandbox user alice');
  return new ScriptedBrowser({ username: 'alice', password: alice.password });
}

interface App {
  readonly core: AppCore;
  browser: ScriptedBrowser;
  value<T>(operation: OperationName): Promise<T>;
}

async function launch(): Promise<App> {
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-clock-'));
  const settings = await openSettingsStore(dir);
  const app: { browser: ScriptedBrowser } = { browser: aliceBrowser() };
  const core = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.0.0-test',
    settings,
    secrets: createMemoryStore(),
    logger: silent,
    emit: createEmitter(() => undefined),
    openExternal: (url) => app.browser.openExternal(url),
    localSandboxPort: sandbox.port,
    userDataDir: dir,
    sessionOptions: { signInTimeoutMs: 30_000 },
  });
  cleanups.push(async () => {
    await core.dispose();
    await rm(dir, { recursive: true, force: true });
  });
  const dispatch = createDispatcher(core.handlers, silent);
  return Object.assign(app, {
    core,
    async value<T>(operation: OperationName): Promise<T> {
      const result = await dispatch(operation, undefined);
      if (!result.ok) throw new Error(`${operation}: ${result.error.code}: ${result.error.message}`);
      return result.value as T;
    },
  });
}

/** Every Date.now() of this process, the app's and openid-client's, reads `offsetMs` off the true time. */
function runClockOff(offsetMs: number): void {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
}

describe('sign-in freshness on the service clock', () => {
  it.each([
    ['90 seconds ahead', 90_000],
    ['10 minutes ahead', 600_000],
    ['10 minutes behind', -600_000],
    // Beyond the sandbox's ID token lifetime (an hour): openid-client checks exp on the skew it is given.
    ['2 hours ahead', 7_200_000],
  ])(
    'with the computer clock %s: the first sign-in after a sign-out and the unlock after a lock both work, and the offset is told',
    async (_name, offsetMs) => {
      runClockOff(offsetMs);
      const app = await launch();
      expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
      await app.value('session.signOut');

      // The first sign-in after a sign-out asks for the password again and checks it was asked.
      app.browser = aliceBrowser();
      const signedIn = await app.value<SessionView>('session.signIn');
      expect(signedIn.status).toBe('signed-in');
      expect(new URL(app.browser.opened[0] ?? '').searchParams.get('max_age')).toBe('0');
      expect(signedIn.clockAheadSeconds).toBeGreaterThanOrEqual(offsetMs / 1000 - 5);
      expect(signedIn.clockAheadSeconds).toBeLessThanOrEqual(offsetMs / 1000 + 5);

      await app.value('session.lock');
      app.browser = aliceBrowser();
      const unlocked = await app.value<SessionView>('session.unlock');
      expect(unlocked.status).toBe('signed-in');
      expect(new URL(app.browser.opened[0] ?? '').searchParams.get('max_age')).toBe('0');
      expect(unlocked.clockAheadSeconds).toBeGreaterThanOrEqual(offsetMs / 1000 - 5);
      expect(unlocked.clockAheadSeconds).toBeLessThanOrEqual(offsetMs / 1000 + 5);
      // The tokens work at the service: the profile of the active account reads.
      await expect(app.value('session.profile')).resolves.toBeTruthy();
    },
    60_000,
  );

  it('with a clock that is right, no clock notice is given', async () => {
    const app = await launch();
    const signedIn = await app.value<SessionView>('session.signIn');
    expect(signedIn.status).toBe('signed-in');
    expect(signedIn).not.toHaveProperty('clockAheadSeconds');
  }, 60_000);
});
