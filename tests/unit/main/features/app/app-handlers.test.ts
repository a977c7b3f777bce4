import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppHandlers } from '../../../../../src-main/features/app';
import { openSettingsStore, type SettingsStore } from '../../../../../src-main/settings/settings-store';
import { createRecordingLogger } from '../../../support/recording-logger';

describe("the app's own operations (features/app)", () => {
  let dir: string;
  let settings: SettingsStore;
  const opened: string[] = [];
  const emitted: Array<[string, unknown]> = [];
  const logger = createRecordingLogger();

  const handlers = (kind: 'keychain' | 'memory' = 'keychain') =>
    createAppHandlers({
      appName: 'Wallet Desk',
      version: '1.2.3',
      settings,
      secrets: { kind },
      emit: (event, payload) => emitted.push([event, payload]),
      openExternal: async (url) => {
        opened.push(url);
      },
      serviceHosts: () => ['wallet.example.com'],
      logger,
    });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'app-handlers-'));
    settings = await openSettingsStore(dir);
    opened.length = 0;
    emitted.length = 0;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('says what the app is and whether secrets live in the keychain', async () => {
    expect(await handlers('memory')['app.info'](undefined)).toMatchObject({
      name: 'Wallet Desk',
      version: '1.2.3',
      keychain: 'unavailable',
      settingsProblem: null,
    });
    expect(await handlers()['app.info'](undefined)).toMatchObject({ keychain: 'available' });
  });

  it('saves a preference change, keeps the others, and tells every window', async () => {
    const before = await handlers()['preferences.get'](undefined);
    const next = await handlers()['preferences.update']({ privacyMode: !before.privacyMode });
    expect(next).toEqual({ ...before, privacyMode: !before.privacyMode });
    expect(settings.get().preferences).toEqual(next);
    expect(emitted).toEqual([['preferences.changed', next]]);
  });

  it("opens only allowlisted links, the service's own host among them, and only as the allowlist re-wrote them", async () => {
    expect(await handlers()['links.open']({ url: 'https://wallet.example.com/help' })).toEqual({ opened: true });
    expect(await handlers()['links.open']({ url: 'https://evil.example.net/' })).toEqual({ opened: false });
    expect(await handlers()['links.open']({ url: 'javascript:alert(1)' })).toEqual({ opened: false });
    expect(opened).toEqual(['https://wallet.example.com/help']);
    expect(logger.text()).toContain('refused to open a link outside the allowlist');
  });
});
