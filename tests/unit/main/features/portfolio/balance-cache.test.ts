import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioView } from '../../../../../src-preload/contract/portfolio';
import { createBalanceCache, type BalanceOwner } from '../../../../../src-main/features/portfolio/balance-cache';
import { createKeychainSealer } from '../../../../../src-main/features/portfolio/keychain-sealer';
import { createSecretStore } from '../../../../../src-main/keychain/create-secret-store';
import { createMemoryStore } from '../../../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../../../src-main/keychain/secret-store';
import { createRecordingLogger } from '../../../support/recording-logger';

const alice: BalanceOwner = { environment: 'local-sandbox', userGuid: 'user-alice', accountGuid: 'account-1' };

function balances(accountGuid: string, amount = '1.23456789'): PortfolioView {
  return {
    accountGuid,
    totalBalanceUsd: '98765.43',
    dailyProfitUsd: '-12.05',
    wallets: [
      {
        code: 'BTC',
        displayName: 'Bitcoin',
        network: 'Bitcoin',
        amount,
        priceUsd: '64250.12',
        valueUsd: '79320.11',
        address: 'bc1qexample',
      },
    ],
    fetchedAt: '2026-11-23T08:00:00.000Z',
  };
}

// The real keychain path: gnome-keyring when a Secret Service answers (the test command starts one), else
// the memory store the app falls back to, which holds the key the same way for the run.
async function secretStore(logger: ReturnType<typeof createRecordingLogger>): Promise<SecretStore> {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return createMemoryStore();
  return createSecretStore(logger, { service: `wallet-desk-test-cache-${process.pid}-${Date.now()}` });
}

describe('the last known balances on disk', () => {
  let directory: string;
  let secrets: SecretStore;
  let logger: ReturnType<typeof createRecordingLogger>;
  const keyAccount = (environment: string) => `balance-cache-key:${environment}`;
  const open = () =>
    createBalanceCache({
      directory,
      sealerFor: (environment) => createKeychainSealer(secrets, keyAccount(environment)),
      logger,
    });

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wallet-desk-cache-'));
    logger = createRecordingLogger();
    secrets = await secretStore(logger);
  });
  afterEach(async () => {
    await secrets.delete(keyAccount('local-sandbox'));
    await rm(directory, { recursive: true, force: true });
  });

  async function onlyFile(): Promise<string> {
    const names = await readdir(join(directory, 'local-sandbox'));
    expect(names).toHaveLength(1);
    return join(directory, 'local-sandbox', names[0]!);
  }

  it('reads back exactly what it kept, through a new instance (a relaunch), with the key in the keychain', async () => {
    await open().save(alice, balances('account-1'));
    const relaunched = open();
    expect(await relaunched.load(alice)).toEqual(balances('account-1'));
    expect((await relaunched.latest('local-sandbox'))?.view).toEqual(balances('account-1'));
    expect(await secrets.get(keyAccount('local-sandbox'))).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('never writes an amount, the account or the user in plain text', async () => {
    await open().save(alice, balances('account-1', '7.77777777'));
    const file = JSON.parse(await readFile(await onlyFile(), 'utf8')) as { sealed: string };
    // Looked for beside the sealed text and, as JSON would write them, inside its bytes: a short word such as
    // BTC turns up by chance in random base64 about once in five hundred runs, a quoted one in its bytes never.
    const beside = JSON.stringify({ ...file, sealed: '' });
    const inside = Buffer.from(file.sealed, 'base64').toString('latin1');
    for (const visible of ['7.77777777', '98765.43', '64250.12', 'bc1qexample', 'account-1', 'user-alice', 'BTC']) {
      expect(beside).not.toContain(visible);
      expect(inside).not.toContain(JSON.stringify(visible));
    }
  });

  it('discards a tampered file to the log and shows nothing', async () => {
    const cache = open();
    await cache.save(alice, balances('account-1'));
    const path = await onlyFile();
    const file = JSON.parse(await readFile(path, 'utf8')) as { sealed: string };
    const bytes = Buffer.from(file.sealed, 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    await writeFile(path, JSON.stringify({ ...file, sealed: bytes.toString('base64') }));
    expect(await open().load(alice)).toBeNull();
    expect(await open().latest('local-sandbox')).toBeNull();
    expect(logger.entries.some((entry) => entry.message === 'discarded cached balances')).toBe(true);
  });

  it('discards a malformed file (not JSON, wrong shape) without throwing', async () => {
    await open().save(alice, balances('account-1'));
    const path = await onlyFile();
    await writeFile(path, '{"format":"wallet-desk-balances","version":2}');
    expect(await open().load(alice)).toBeNull();
    await writeFile(path, 'not json');
    expect(await open().load(alice)).toBeNull();
  });

  it('shows nothing to another user or account, even when their file is copied into its place', async () => {
    const cache = open();
    await cache.save(alice, balances('account-1'));
    const bob: BalanceOwner = { ...alice, userGuid: 'user-bob' };
    const otherAccount: BalanceOwner = { ...alice, accountGuid: 'account-2' };
    expect(await cache.load(bob)).toBeNull();
    expect(await cache.load(otherAccount)).toBeNull();

    // Bob's own record exists; alice's file copied over it must not open as his.
    const aliceFile = await onlyFile();
    await cache.save(bob, balances('account-1', '2'));
    const bobName = (await readdir(join(directory, 'local-sandbox'))).find((name) => !aliceFile.endsWith(name))!;
    await writeFile(join(directory, 'local-sandbox', bobName), await readFile(aliceFile));
    expect(await open().load(bob)).toBeNull();
    expect(logger.entries.some((entry) => entry.details?.['reason'] === 'record does not match its place')).toBe(true);
  });

  it('a file sealed with a key that is gone (sign-out, or a keychain that lost it) is discarded', async () => {
    await open().save(alice, balances('account-1'));
    await secrets.delete(keyAccount('local-sandbox'));
    expect(await open().load(alice)).toBeNull();
  });

  it('clear deletes every file of the environment and its key', async () => {
    const cache = open();
    await cache.save(alice, balances('account-1'));
    await cache.save({ ...alice, accountGuid: 'account-2' }, balances('account-2'));
    await cache.clear('local-sandbox');
    await expect(readdir(join(directory, 'local-sandbox'))).rejects.toThrow(/ENOENT/);
    expect(await secrets.get(keyAccount('local-sandbox'))).toBeNull();
    expect(await cache.load(alice)).toBeNull();
  });

  it('clear forgets the key even when the folder cannot be removed, and never rejects', async () => {
    await open().save(alice, balances('account-1'));
    // A folder path running through a file: the removal fails (ENOTDIR), as a locked or unwritable folder would.
    const blocked = join(directory, 'not-a-folder');
    await writeFile(blocked, '');
    const cache = createBalanceCache({
      directory: blocked,
      sealerFor: (environment) => createKeychainSealer(secrets, keyAccount(environment)),
      logger,
    });
    await expect(cache.clear('local-sandbox')).resolves.toBeUndefined();
    expect(await secrets.get(keyAccount('local-sandbox'))).toBeNull();
    expect(await open().load(alice)).toBeNull();
    expect(logger.entries.map((entry) => entry.message)).toContain('could not delete the cached balances');
  });

  it('a save asked for before a clear never lands after it', async () => {
    const cache = open();
    const saving = cache.save(alice, balances('account-1'));
    const clearing = cache.clear('local-sandbox');
    await Promise.all([saving, clearing]);
    await expect(readdir(join(directory, 'local-sandbox'))).rejects.toThrow(/ENOENT/);
  });

  describe("when the records' schemas fail to load (a lazy import that throws)", () => {
    const failing = () =>
      createBalanceCache({
        directory,
        sealerFor: (environment) => createKeychainSealer(secrets, keyAccount(environment)),
        logger,
        records: () => Promise.reject(new Error('import failed')),
      });
    const bob: BalanceOwner = { ...alice, userGuid: 'user-bob' };

    it('load and latest answer null and say so in the log, never reject', async () => {
      await open().save(alice, balances('account-1'));
      await expect(failing().load(alice)).resolves.toBeNull();
      await expect(failing().latest('local-sandbox')).resolves.toBeNull();
      const reasons = logger.entries.map((entry) => entry.details?.['reason']);
      expect(reasons.filter((reason) => reason === 'record schemas did not load').length).toBeGreaterThanOrEqual(2);
    });

    it("keepOnly deletes the records it cannot read, so no other user's balances stay for the next launch", async () => {
      await open().save(alice, balances('account-1'));
      await open().save(bob, balances('account-1', '2'));
      await expect(failing().keepOnly('local-sandbox', 'user-bob')).resolves.toBeUndefined();
      expect(await readdir(join(directory, 'local-sandbox'))).toEqual([]);
      expect(await open().latest('local-sandbox')).toBeNull();
    });
  });
});
