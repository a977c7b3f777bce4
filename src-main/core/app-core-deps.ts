import type { EnvironmentId } from '../../src-preload/contract/app';
import type { EmitEvent } from '../dispatch';
import type { DesktopNotifier } from '../features/notifications/desktop-notifier';
import type { Sealer } from '../features/portfolio';
import type { UpdaterAvailability } from '../features/updates';
import type { MoneyJournal } from '../journal/money-journal';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../logging/logger';
import type { SettingsStore } from '../settings/settings-store';

/** What the shell (Electron, or the browser test harness) hands to the app's features. */
export interface AppCoreDeps {
  readonly appName: string;
  readonly version: string;
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly logger: Logger;
  readonly emit: EmitEvent;
  /** Opens a URL in the system browser. Only called with URLs that passed an allowlist. */
  readonly openExternal: (url: string) => Promise<void>;
  readonly localSandboxPort?: number;
  /**
   * The save dialog (Electron's in the app, a test-controlled chooser in the harness): the chosen path, or
   * null when the user closes it. Without it, exports answer not_configured.
   */
  readonly chooseSaveFile?: (defaultName: string) => Promise<string | null>;
  /** The system clipboard (Electron's in the app, an in-memory one in tests); clipboard.copy reads back what it wrote. */
  readonly writeClipboard?: (text: string) => void | Promise<void>;
  readonly readClipboard?: () => string | Promise<string>;
  /**
   * electron-updater behind a port (src-main/shell/electron-updater-port.ts) in an installed build, or why
   * there is none. Without it (the harness, tests) Settings says updates are unavailable.
   */
  readonly updater?: UpdaterAvailability;
  /**
   * Where the last known balances are kept between runs (the user-data folder); without it nothing is
   * kept. They are sealed by `balanceSealer` (Electron's safeStorage in the shell) or, by default, with a
   * random key in the keychain. Payment requests are kept there too (`payment-requests/`), sealed by the same
   * `balanceSealer` or by a keychain key of their own that sign-out leaves in place.
   */
  readonly userDataDir?: string;
  readonly balanceSealer?: (environment: EnvironmentId) => Sealer;
  /**
   * The record of moves that may have moved money (security.md 35). By default money-journal.json in
   * `userDataDir`, or one for this run only without it; tests may hand in their own.
   */
  readonly moneyJournal?: MoneyJournal;
  /** Where payout drafts are kept (payouts.json); `userDataDir` by default, this run only without either. */
  readonly payoutsDir?: string;
  /** The OS notifications and app badge (Electron's in the app, a recording fake in the harness); none without it. */
  readonly notifier?: DesktopNotifier;
  /**
   * The locale the window shows numbers in (Electron's app.getLocale(), which the page's navigator.language
   * follows; the harness passes the browser's): amounts main writes for people, in deposit notices, use it.
   */
  readonly locale?: () => string;
  /** Called after the language changes, for what main wrote once and must write again (the application menu). */
  readonly languageChanged?: () => void;
  /**
   * False: no background settle round (money.settleRound answers that nothing is unknown), for the test
   * harness's stories that show a lost move until they check it themselves. Default true.
   */
  readonly backgroundSettle?: boolean;
  /**
   * The clock a swap quote's lifetime runs on; Date.now by default, the clock the window counts the quote
   * down on too. The harness moves it together with the page's clock when a story takes that over.
   */
  readonly quoteClock?: () => number;
  /** How long a swap quote may be executed; the swap feature's own lifetime by default. */
  readonly quoteLifetimeMs?: number;
  /** Timing knobs for tests (short sign-in timeout, short token lifetimes). */
  readonly sessionOptions?: {
    readonly signInTimeoutMs?: number;
    readonly requestTimeoutMs?: number;
    readonly refreshLeewaySeconds?: number;
    /** The app's clock; tests run it ahead or behind the sandbox's (security.md 37). */
    readonly now?: () => number;
  };
}
