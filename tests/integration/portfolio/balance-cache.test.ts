import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../src-preload/contract/session';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { createMachine, launch, type LaunchedApp, type Machine } from '../session/app-fixture';

const KEY_ACCOUNT = 'balance-cache-key:local-sandbox';
let sandbox: RunningSandbox;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function machine(): Promise<Machine> {
  // The OS keychain (gnome-keyring under the test command), as the app uses it.
  const created = await createMachine(sandbox);
  cleanups.push(() => created.dispose());
  return created;
}

async function launched(on: Machine, port?: number): Promise<LaunchedApp> {
  const app = await launch(on, {}, port);
  cleanups.push(() => app.close());
  return app;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function filesUnder(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path, text: await readFile(path, 'utf8') };
      }),
  );
}

/** Every number of the view as the app and the service write it: none of them may be readable on disk. */
function balanceTexts(view: PortfolioView): string[] {
  return [
    view.totalBalanceUsd,
    ...view.wallets.flatMap((wallet) => [wallet.amount, wallet.valueUsd, wallet.address]),
  ].filter((text) => text.replace(/[^0-9]/g, '').length >= 4);
}

async function signInAndLoadBalances(m: Machine): Promise<{ app: LaunchedApp; view: PortfolioView }> {
  const app = await launched(m);
  expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
  return { app, view: await app.value<PortfolioView>('portfolio.wallets') };
}

describe('the last known balances kept between launches', () => {
  it('are on disk only encrypted: no balance, amount or address of the account in any file', async () => {
    const m = await machine();
    const { app, view } = await signInAndLoadBalances(m);
    await app.close();
    const files = await filesUnder(m.dir);
    expect(files.some((file) => file.path.includes('balance-cache'))).toBe(true);
    const secrets = balanceTexts(view);
    expect(secrets.length).toBeGreaterThan(2);
    for (const file of files) for (const text of secrets) expect(file.text).not.toContain(text);
    expect(await m.secrets.get(KEY_ACCOUNT)).not.toBeNull();
  });

  it('are what a relaunch with the service out of reach shows, with the stored session kept for a retry', async () => {
    const m = await machine();
    const { app, view } = await signInAndLoadBalances(m);
    await app.close();
    const offline = await launched(m, await closedPort());
    const session = await offline.value<SessionView>('session.get');
    expect(session).toMatchObject({ status: 'signed-out', restoreFailed: 'unreachable' });
    expect(await offline.value<PortfolioView | null>('portfolio.cached')).toEqual(view);
    // Still out of reach: trying again keeps the same state (and the balances).
    expect(await offline.value<SessionView>('session.retryRestore')).toMatchObject({ restoreFailed: 'unreachable' });
    expect(await offline.value<PortfolioView | null>('portfolio.cached')).toEqual(view);
    await offline.close();

    const online = await launched(m);
    expect((await online.value<SessionView>('session.get')).status).toBe('signed-in');
    expect(await online.value<PortfolioView | null>('portfolio.cached')).toEqual(view);
  });

  it('sign-out deletes the file and its key', async () => {
    const m = await machine();
    const { app } = await signInAndLoadBalances(m);
    // portfolio.cached answers from memory; the file is written beside it.
    await vi.waitFor(async () =>
      expect((await filesUnder(m.dir)).some((file) => file.path.includes('balance-cache'))).toBe(true),
    );
    await app.value<SessionView>('session.signOut');
    await app.close();
    expect((await filesUnder(m.dir)).some((file) => file.path.includes('balance-cache'))).toBe(false);
    expect(await m.secrets.get(KEY_ACCOUNT)).toBeNull();

    const relaunched = await launched(m);
    expect(await relaunched.value<PortfolioView | null>('portfolio.cached')).toBeNull();
  });
});
