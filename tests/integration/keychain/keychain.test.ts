import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createSecretStore } from '../../../src-main/keychain/create-secret-store';
import { loadKeytar } from '../../../src-main/keychain/keytar-store';
import { createRecordingLogger } from '../../unit/support/recording-logger';

const run = promisify(execFile);
const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const probeScript = resolve(import.meta.dirname, 'fixtures/probe-keychain.ts');

if (!hasSecretService) {
  console.warn(
    'keychain tests against gnome-keyring SKIPPED: DBUS_SESSION_BUS_ADDRESS is unset. Run under ' +
      "dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; <cmd>'",
  );
}

describe.skipIf(!hasSecretService)('the OS keychain through gnome-keyring', () => {
  it('is chosen when the Secret Service answers, and stores, reads and deletes a secret', async () => {
    const logger = createRecordingLogger();
    const store = await createSecretStore(logger, { service: 'wallet-desk-test' });
    expect(store.kind).toBe('keychain');
    const account = `refresh-token:test-${randomUUID()}`;
    const secret = `secret-${randomUUID()}`;
    await store.set(account, secret);
    // Read through keytar directly to prove the value really sits in the Secret Service.
    const keytar = await loadKeytar();
    expect(await keytar.getPassword('wallet-desk-test', account)).toBe(secret);
    expect(await store.get(account)).toBe(secret);
    expect(await store.delete(account)).toBe(true);
    expect(await keytar.getPassword('wallet-desk-test', account)).toBeNull();
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toEqual([]);
  });

  it('leaves no probe entries behind', async () => {
    await createSecretStore(createRecordingLogger(), { service: 'wallet-desk-probe-test' });
    const keytar = (await import('keytar')).default;
    expect(await keytar.findCredentials('wallet-desk-probe-test')).toEqual([]);
  });
});

describe('without a Secret Service', () => {
  it('falls back to memory for this run and says why', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    // An unreachable bus address rather than none, so libsecret cannot autolaunch one either.
    env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/wallet-desk-test-bus';
    const { stdout } = await run(process.execPath, ['--import', 'tsx', probeScript], { env, timeout: 30_000 });
    const result = JSON.parse(stdout) as {
      kind: string;
      warnings: { message: string; details?: { reason?: string } }[];
    };
    expect(result.kind).toBe('memory');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]?.message).toMatch(/keychain unavailable/i);
    expect(result.warnings[0]?.details?.reason).toBeTruthy();
  }, 40_000);
});
