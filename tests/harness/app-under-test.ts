import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveLanguage, textLanguageTag } from '../../resources/locales/languages';
import { eventChannel } from '../../src-preload/channels';
import { createAppCore, type AppCore } from '../../src-main/app-core';
import { createDispatcher, createEmitter, type Dispatch } from '../../src-main/dispatch';
import type { SecretStore } from '../../src-main/keychain/secret-store';
import type { Logger } from '../../src-main/logging/logger';
import { openSettingsStore } from '../../src-main/settings/settings-store';
import type { UpdaterAvailability } from '../../src-main/features/updates';
import type { DesktopNotice } from '../../src-main/features/notifications';
import { startHarnessServer, type HarnessServer } from './harness-server';

export interface AppUnderTestOptions {
  readonly logger: Logger;
  readonly secrets: SecretStore;
  readonly userDataDir?: string;
  readonly port?: number;
  /** Port of the local sandbox the app's "local sandbox" profile points at. */
  readonly localSandboxPort?: number;
  /** An updater for the Settings › Updates tests; by default the app has none, as an unconfigured build. */
  readonly updater?: UpdaterAvailability;
  /** The locale main writes amounts in (app.getLocale() in the app); the page's, when a test sets one. */
  readonly locale?: string;
  /**
   * How far the app's clock (main's session and sign-in) runs off the true time, which the sandbox keeps:
   * a computer whose clock is ahead (positive) or behind (security.md 37).
   */
  readonly clockOffsetMs?: number;
  /** False: no background settle round (AppCoreDeps.backgroundSettle). Default true, as in the app. */
  readonly backgroundSettle?: boolean;
  /** How long a swap quote may be executed (AppCoreDeps.quoteLifetimeMs); the app's own by default. */
  readonly quoteLifetimeMs?: number;
}

export interface AppUnderTest {
  readonly url: string;
  readonly userDataDir: string;
  readonly core: AppCore;
  readonly dispatch: Dispatch;
  readonly server: HarnessServer;
  /**
   * Plays the save dialog: `choose` gets the suggested file name and returns the chosen path, or null for
   * "closed the dialog". By default it saves the suggested name inside userDataDir; tests may replace it.
   */
  readonly saveDialog: { choose: (defaultName: string) => Promise<string | null> };
  /** Every bridge result and event the page received, as JSON text, for tests that search it for secrets. */
  readonly received: readonly string[];
  /** The in-memory system clipboard the app writes to (clipboard.copy); tests read or overwrite it. */
  readonly clipboard: { text: string };
  /**
   * The recording stand-in for the OS notifications and app badge: every notice the app would have shown,
   * oldest first, the badge count it last set, and how many of those notices (the oldest) it has since
   * withdrawn from the notification centre.
   */
  readonly desktop: { readonly shown: DesktopNotice[]; badge: number; withdrawn: number };
  /** URLs the app asked the system browser to open, oldest first. */
  readonly externalUrls: readonly string[];
  /**
   * Moves the clock swap quotes expire by (AppCoreDeps.quoteClock) this far ahead, as `page.clock.fastForward`
   * moves the window's: a story lets a quote run out when it says, without waiting for it.
   */
  advanceQuoteClock(ms: number): void;
  /** Resolves with the next URL the app hands to the system browser. */
  nextExternalUrl(timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The app's main-process half as the Electron shell would assemble it (src-main/index.ts), but with
 * loopback HTTP instead of IPC and a browser window instead of the system browser.
 */
export async function startAppUnderTest(options: AppUnderTestOptions): Promise<AppUnderTest> {
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'wallet-desk-harness-')));
  const settings = await openSettingsStore(userDataDir);
  const externalUrls: string[] = [];
  const received: string[] = [];
  const waiters: Array<(url: string) => void> = [];
  let server: HarnessServer | null = null;
  const saveDialog = { choose: async (defaultName: string): Promise<string | null> => join(userDataDir, defaultName) };
  const clipboard = { text: '' };
  const desktop = { shown: [] as DesktopNotice[], badge: 0, withdrawn: 0 };
  const { locale } = options;
  let quoteClockAheadMs = 0;

  const core = await createAppCore({
    appName: 'Wallet Desk',
    version: '0.1.0',
    settings,
    secrets: options.secrets,
    logger: options.logger,
    emit: createEmitter((event, payload) => {
      received.push(JSON.stringify({ event, payload }));
      server?.send(eventChannel(event), payload);
    }),
    openExternal: async (url) => {
      externalUrls.push(url);
      const waiter = waiters.shift();
      if (waiter) waiter(url);
      else server?.send('harness:open-external', { url });
    },
    ...(options.localSandboxPort === undefined ? {} : { localSandboxPort: options.localSandboxPort }),
    chooseSaveFile: (defaultName) => saveDialog.choose(defaultName),
    writeClipboard: (text) => {
      clipboard.text = text;
    },
    readClipboard: () => clipboard.text,
    ...(options.updater === undefined ? {} : { updater: options.updater }),
    userDataDir,
    ...(locale === undefined ? {} : { locale: () => locale }),
    ...(options.clockOffsetMs === undefined ? {} : { sessionOptions: { now: offsetClock(options.clockOffsetMs) } }),
    ...(options.backgroundSettle === undefined ? {} : { backgroundSettle: options.backgroundSettle }),
    quoteClock: () => Date.now() + quoteClockAheadMs,
    ...(options.quoteLifetimeMs === undefined ? {} : { quoteLifetimeMs: options.quoteLifetimeMs }),
    notifier: {
      show: (notice) => desktop.shown.push(notice),
      setBadgeCount: (count) => {
        desktop.badge = count;
      },
      withdrawAll: () => {
        desktop.withdrawn = desktop.shown.length;
      },
    },
  });
  const dispatchToCore = createDispatcher(core.handlers, options.logger);
  const dispatch: Dispatch = async (operation, input) => {
    const result = await dispatchToCore(operation, input);
    received.push(JSON.stringify(result));
    return result;
  };
  server = await startHarnessServer({
    dispatch,
    launch: {
      launchView: (unwanted) => core.launchView(unwanted),
      freshView: (unwanted) => core.launchFreshView(unwanted),
      // As main's index.ts: settings' language against the system's locale, the core's resolution.
      lang: () => textLanguageTag(resolveLanguage(settings.get().preferences.language, [locale ?? 'en-US'])),
      privacyMode: () => settings.get().preferences.privacyMode,
      // As main's index.ts: in the app nativeTheme follows it too, which the harness's browser does not.
      theme: () => settings.get().preferences.theme,
    },
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  const running = server;

  return {
    url: running.url,
    userDataDir,
    core,
    dispatch,
    server: running,
    saveDialog,
    clipboard,
    desktop,
    received,
    externalUrls,
    advanceQuoteClock(ms) {
      quoteClockAheadMs += ms;
    },
    nextExternalUrl(timeoutMs = 15_000) {
      return new Promise((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error('the app opened no external URL in time')), timeoutMs);
        waiters.push((url) => {
          clearTimeout(timer);
          resolveUrl(url);
        });
      });
    },
    async close() {
      await running.close();
      await core.dispose();
    },
  };
}

function offsetClock(offsetMs: number): () => number {
  return () => Date.now() + offsetMs;
}
