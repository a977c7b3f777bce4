import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../../../../src-main/app-core';
import { createDispatcher } from '../../../../src-main/dispatch';
import { t } from '../../../../src-main/i18n/main-text';
import { createMemoryStore } from '../../../../src-main/keychain/memory-store';
import { openSettingsStore } from '../../../../src-main/settings/settings-store';
import type { SettingsStore } from '../../../../src-main/settings/settings-store';
import { createRecordingLogger } from '../../support/recording-logger';

const built = vi.hoisted(() => ({
  environments: 0,
  history: 0,
  historyFailsFirst: true,
  notifications: 0,
  privacy: [] as boolean[],
}));

// Every catalogue but English's fails to load, as a chunk missing from a broken install would.
vi.mock('../../../../src-main/i18n/main-catalogues', async (importActual) => {
  const actual = await importActual<typeof import('../../../../src-main/i18n/main-catalogues')>();
  return {
    ...actual,
    loadMainCatalogue: async (name: Parameters<typeof actual.loadMainCatalogue>[0]) => {
      if (name === 'en') return actual.loadMainCatalogue(name);
      throw new Error('catalogue chunk missing');
    },
  };
});

// History's part: counted, and its first build fails as a chunk that could not be loaded.
vi.mock('../../../../src-main/core/history-part', async (importActual) => {
  const actual = await importActual<typeof import('../../../../src-main/core/history-part')>();
  return {
    ...actual,
    createHistoryPart: (...args: Parameters<typeof actual.createHistoryPart>) => {
      built.history += 1;
      if (built.historyFailsFirst && built.history === 1) throw new Error('chunk failed to load');
      return actual.createHistoryPart(...args);
    },
  };
});

// The environments' handlers: counted.
vi.mock('../../../../src-main/features/environments', async (importActual) => {
  const actual = await importActual<typeof import('../../../../src-main/features/environments')>();
  return {
    ...actual,
    createEnvironmentHandlers: (...args: Parameters<typeof actual.createEnvironmentHandlers>) => {
      built.environments += 1;
      return actual.createEnvironmentHandlers(...args);
    },
  };
});

// Deposit notices: counted, and what privacy mode told them recorded.
vi.mock('../../../../src-main/features/notifications', () => ({
  createNotificationsFeature: () => {
    built.notifications += 1;
    return {
      handlers: { 'notifications.get': () => ({ unseen: 0 }) },
      afterBalances: () => Promise.resolve(),
      privacyModeChanged: (on: boolean) => built.privacy.push(on),
      dispose: () => undefined,
    };
  },
}));

describe('the core when a part or a catalogue cannot be loaded', () => {
  let dir: string;
  let settings: SettingsStore;
  let core: AppCore | null = null;
  const logger = createRecordingLogger();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wallet-desk-core-errors-'));
    settings = await openSettingsStore(dir);
    await settings.update((current) => ({ ...current, preferences: { ...current.preferences, language: 'de' } }));
  });
  afterEach(async () => {
    await core?.dispose();
    core = null;
    await rm(dir, { recursive: true, force: true });
  });

  const start = async () => {
    core = await createAppCore({
      appName: 'Wallet Desk',
      version: '0.0.0',
      settings,
      secrets: createMemoryStore(),
      logger,
      emit: () => undefined,
      openExternal: async () => undefined,
    });
    return { core, dispatch: createDispatcher(core.handlers, logger) };
  };

  it('starts in English when the chosen language cannot be loaded, and says so in the log', async () => {
    await start();
    expect(t('common.loading')).toBe('Loading');
    expect(logger.entries.some((entry) => entry.level === 'warn' && /language/.test(entry.message))).toBe(true);
    expect(logger.text()).not.toMatch(/token|secret/i);
  });

  it('answers a preference update with what was saved, and applies privacy mode, when the language fails', async () => {
    const { dispatch } = await start();
    const privacyOnly = await dispatch('preferences.update', { privacyMode: true });
    expect(privacyOnly).toMatchObject({ ok: true });
    // No notice was ever shown: nothing is built only to withdraw notices.
    expect(built.notifications).toBe(0);

    await dispatch('notifications.get', undefined);
    expect(built.notifications).toBe(1);
    const both = await dispatch('preferences.update', { language: 'tr', privacyMode: false });
    expect(both).toMatchObject({ ok: true, value: { language: 'tr', privacyMode: false } });
    expect(settings.get().preferences).toMatchObject({ language: 'tr', privacyMode: false });
    expect(built.privacy).toEqual([false]);
  });

  it('refuses a bad input in words without building the part', async () => {
    const { dispatch } = await start();
    const refused = await dispatch('history.setLabel', { nonsense: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(built.history).toBe(0);
  });

  it('refuses with internal when a part cannot be built, changes nothing, and builds it at the next call', async () => {
    const { dispatch } = await start();
    const before = JSON.stringify(settings.get());
    const failed = await dispatch('history.getFilters', undefined);
    expect(failed).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(settings.get())).toBe(before);
    const next = await dispatch('history.getFilters', undefined);
    expect(built.history).toBe(2);
    expect(next).not.toMatchObject({ error: { code: 'internal' } });
  });

  it("builds the environments' handlers once, however many calls", async () => {
    const { dispatch } = await start();
    await dispatch('environments.get', undefined);
    await dispatch('environments.get', undefined);
    expect(built.environments).toBe(1);
  });
});
