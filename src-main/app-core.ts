import { join } from 'node:path';
import type { EnvironmentId } from '../src-preload/contract/app';
import type { EmitEvent, Handlers } from './dispatch';
import { AppError } from './app-error';
import { setMainLanguage, t, textLocale } from './i18n/main-text';
import type { MessageId } from '../resources/locales/catalogues';
import type { LanguagePreference } from '../resources/locales/languages';
import { createAppHandlers } from './features/app';
import { createMoneyAlarms } from './features/alarms';
import { createEnvironmentHandlers } from './features/environments';
import { createAddressBook, createAddressBookHandlers } from './features/address-book';
import { createNotificationsFeature, silentNotifier, type DesktopNotifier } from './features/notifications';
import { createMerchantFeature } from './features/merchant';
import { createPayoutHandlers, createPayouts, openPayoutStore } from './features/payouts';
import {
  createPaymentRequests,
  createPaymentRequestStore,
  memoryPaymentRequestStore,
} from './features/payment-requests';
import { createBalanceCache, createKeychainSealer, createPortfolioFeature, type Sealer } from './features/portfolio';
import { createDepositAddresses, createReceiveHandlers } from './features/receive';
import {
  createHistoryExports,
  createHistoryHandlers,
  createLabelTransfer,
  labelsOf,
  rowKeyOf,
} from './features/history';
import { createSendHandlers, createSendService } from './features/send';
import { createSettleHandlers, createSettleRound } from './features/settle';
import { createSessionHandlers, createSessionService, type SessionService } from './features/session';
import { createSwapHandlers, createSwapService } from './features/swap';
import { createUpdateHandlers, createUpdateService, type UpdaterAvailability } from './features/updates';
import { createWithdrawFeature } from './features/withdraw';
import type { SecretStore } from './keychain/secret-store';
import type { Logger } from './logging/logger';
import { builtInEndpoints, type Endpoints } from './settings/environments';
import type { SettingsStore } from './settings/settings-store';
import { createJournalHandlers } from './journal/journal-handlers';
import { memoryMoneyJournal, openMoneyJournal, type MoneyJournal } from './journal/money-journal';

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

export interface AppCore {
  readonly handlers: Handlers;
  /** Authorised Interface A calls for the active account; features that talk to the service use it. */
  readonly session: SessionService;
  dispose(): Promise<void>;
}

const NO_ENDPOINTS: Record<EnvironmentId, MessageId> = {
  'local-sandbox': 'mainApp.noEndpoints.localSandbox',
  'service-sandbox': 'mainApp.noEndpoints.serviceSandbox',
  production: 'mainApp.noEndpoints.production',
  custom: 'mainApp.noEndpoints.custom',
};

export function currentEndpoints(deps: Pick<AppCoreDeps, 'settings' | 'localSandboxPort'>): Endpoints {
  const settings = deps.settings.get();
  const endpoints =
    settings.environments[settings.environment] ?? builtInEndpoints(settings.environment, deps.localSandboxPort);
  if (!endpoints) {
    throw new AppError('not_configured', t(NO_ENDPOINTS[settings.environment]));
  }
  return endpoints;
}

async function openJournal(deps: AppCoreDeps): Promise<MoneyJournal> {
  if (deps.moneyJournal) return deps.moneyJournal;
  if (deps.userDataDir === undefined) return memoryMoneyJournal(deps.logger);
  return openMoneyJournal({ directory: deps.userDataDir, settings: deps.settings, logger: deps.logger });
}

function createSession(deps: AppCoreDeps): SessionService {
  const { settings } = deps;
  return createSessionService({
    settings,
    secrets: deps.secrets,
    logger: deps.logger,
    publish: (view) => deps.emit('session.changed', view),
    openExternal: deps.openExternal,
    endpoints: () => currentEndpoints(deps),
    environment: () => settings.get().environment,
    ...deps.sessionOptions,
  });
}

/** History exports, balances and payment requests: what reads the service and keeps things between runs. */
function createKeptFeatures(deps: AppCoreDeps, session: SessionService) {
  const { settings } = deps;
  const historyExports = createHistoryExports({
    session,
    logger: deps.logger,
    publish: (progress) => deps.emit('history.export.progress', progress),
    chooseSaveFile: deps.chooseSaveFile,
    userLabels: (userGuid, accountGuid) => {
      const labels = labelsOf(settings, userGuid, accountGuid);
      return (item) => labels[rowKeyOf(item)] ?? '';
    },
  });

  const portfolio = createPortfolioFeature({
    session,
    environment: () => settings.get().environment,
    privacyMode: () => settings.get().preferences.privacyMode,
    ...(deps.userDataDir === undefined
      ? {}
      : {
          cache: createBalanceCache({
            directory: join(deps.userDataDir, 'balance-cache'),
            sealerFor:
              deps.balanceSealer ??
              ((environment) => createKeychainSealer(deps.secrets, `balance-cache-key:${environment}`)),
            logger: deps.logger,
          }),
        }),
  });

  // Deposit addresses made with a reference are kept as payment requests, sealed like the last known balances
  // (safeStorage in the shell) but never with the balances' key, which sign-out deletes: they outlive it.
  const paymentRequests = createPaymentRequests({
    session,
    environment: () => settings.get().environment,
    logger: deps.logger,
    chooseSaveFile: deps.chooseSaveFile,
    store:
      deps.userDataDir === undefined
        ? memoryPaymentRequestStore()
        : createPaymentRequestStore({
            directory: join(deps.userDataDir, 'payment-requests'),
            sealerFor:
              deps.balanceSealer ??
              ((environment) => createKeychainSealer(deps.secrets, `payment-requests-key:${environment}`)),
            logger: deps.logger,
          }),
  });
  return { historyExports, portfolio, paymentRequests };
}

/**
 * Send, swap and withdraw keep their prechecks and at-most-once ledgers in main; the requests whose
 * outcome is unknown are also written to the money journal, so a crash or a quit cannot lose them.
 * A move closed as "did not go through" that a look-up finds after all is announced at once (security.md 36).
 */
async function createMoneyFeatures(deps: AppCoreDeps, session: SessionService, journal: MoneyJournal) {
  const { settings } = deps;
  const alarms = createMoneyAlarms({
    session,
    notifier: deps.notifier ?? silentNotifier,
    emit: deps.emit,
    logger: deps.logger,
    journal: journal.alarms(),
    holdsMerchantKey: (userGuid, key) =>
      Object.entries(settings.get().merchant.keysByUser[userGuid] ?? {}).some(
        ([environment, binding]) => environment === key.environment && binding?.publicKey === key.publicKey,
      ),
  });
  const merchant = createMerchantFeature({
    settings,
    secrets: deps.secrets,
    logger: deps.logger,
    session,
    ...(deps.localSandboxPort === undefined ? {} : { localSandboxPort: deps.localSandboxPort }),
    ...(deps.sessionOptions?.requestTimeoutMs === undefined
      ? {}
      : { requestTimeoutMs: deps.sessionOptions.requestTimeoutMs }),
  });
  const withdraw = createWithdrawFeature({
    treasury: merchant.treasury,
    session,
    journal: journal.section('withdraw'),
    logger: deps.logger,
    onClosedFound: alarms.raise,
  });
  const addressBook = createAddressBook({ settings, session, logger: deps.logger });
  const send = createSendService({
    session,
    logger: deps.logger,
    verifiedAddresses: merchant.verifiedAddresses,
    addressBook: () => addressBook.known(),
    journal: journal.section('send'),
    onClosedFound: alarms.raise,
  });
  const payouts = createPayouts({
    session,
    send,
    withdrawals: withdraw.payoutWithdrawals,
    store: await openPayoutStore(deps.payoutsDir ?? deps.userDataDir, deps.logger),
    logger: deps.logger,
  });
  const swap = createSwapService({
    session,
    logger: deps.logger,
    journal: journal.section('swap'),
    // A lost swap is never settled by one of the app's own sends' rows.
    rowOwners: { isOwnSend: (referenceId) => send.isOwnReference(referenceId) },
    onClosedFound: alarms.raise,
    ...(deps.quoteClock === undefined ? {} : { now: deps.quoteClock }),
    ...(deps.quoteLifetimeMs === undefined ? {} : { quoteTtlMs: deps.quoteLifetimeMs }),
  });

  // Unknown moves settle by themselves: the window asks for a round on the polling rule while any is unknown.
  const settleRound = createSettleRound({
    session,
    logger: deps.logger,
    sources: [
      { kind: 'send', candidates: () => send.settleCandidates(), settleFrom: (id, page) => send.settleFrom(id, page) },
      { kind: 'swap', candidates: () => swap.settleCandidates(), settleFrom: (id, page) => swap.settleFrom(id, page) },
      withdraw.withdrawals,
    ],
    publish: (settled) => deps.emit('money.settled', { settled: [...settled] }),
    ...(deps.backgroundSettle === undefined ? {} : { enabled: deps.backgroundSettle }),
  });
  return { alarms, merchant, withdraw, addressBook, send, payouts, swap, settleRound };
}

type KeptFeatures = ReturnType<typeof createKeptFeatures>;
type MoneyFeatures = Awaited<ReturnType<typeof createMoneyFeatures>>;

interface HandlerParts {
  readonly session: SessionService;
  readonly kept: KeptFeatures;
  readonly money: MoneyFeatures;
  readonly deposits: ReturnType<typeof createDepositAddresses>;
  readonly clipboard: Parameters<typeof createReceiveHandlers>[0]['clipboard'];
  readonly updates: ReturnType<typeof createUpdateService>;
  readonly notifications: ReturnType<typeof createNotificationsFeature>;
  readonly appHandlers: ReturnType<typeof createAppHandlers>;
  /** After the language preference changed: main's language follows, and what main wrote once is rewritten. */
  readonly journal: MoneyJournal;
  readonly languageChanged: (preferences: { readonly language: LanguagePreference }) => void;
}

/** Every feature's handlers, and the few that join two features (deposits kept as payment requests). */
function createHandlers(deps: AppCoreDeps, parts: HandlerParts): Handlers {
  const { settings } = deps;
  const { session, kept, money, notifications, appHandlers } = parts;
  const { portfolio, paymentRequests } = kept;
  const { merchant } = money;
  const receiveHandlers = createReceiveHandlers({
    session,
    deposits: parts.deposits,
    clipboard: parts.clipboard,
    logger: deps.logger,
  });
  return {
    ...createSessionHandlers({ session }),
    ...createSendHandlers({ send: money.send }),
    ...createSwapHandlers({ swap: money.swap }),
    ...createSettleHandlers({ round: money.settleRound }),
    ...createHistoryHandlers({
      session,
      settings,
      exports: kept.historyExports,
      labelTransfer: createLabelTransfer({
        session,
        settings,
        logger: deps.logger,
        chooseSaveFile: deps.chooseSaveFile,
      }),
    }),
    ...portfolio.handlers,
    // Home's balance refresh is also a moment to look for deposits, beside the app-wide watch (notifications.watch).
    'portfolio.wallets': async (input) => {
      const view = await portfolio.handlers['portfolio.wallets'](input);
      notifications.afterBalances(view.accountGuid);
      return view;
    },
    ...notifications.handlers,
    ...money.alarms.handlers,
    ...receiveHandlers,
    ...merchant.handlers,
    ...money.withdraw.handlers,
    ...paymentRequests.handlers,
    // Every deposit address made with a reference is kept as a payment request of whoever made it.
    'receive.createDepositAddress': async (input) => {
      const maker = paymentRequests.makerNow();
      const created = await receiveHandlers['receive.createDepositAddress'](input);
      if (maker) await paymentRequests.keepReceived(maker, created);
      return created;
    },
    'merchant.depositCreate': async (input) => {
      const maker = paymentRequests.makerNow();
      const created = await merchant.handlers['merchant.depositCreate'](input);
      if (maker) await paymentRequests.keepMerchant(maker, input.label, created);
      return created;
    },
    ...createUpdateHandlers({ updates: parts.updates }),
    ...createEnvironmentHandlers({
      settings,
      session,
      logger: deps.logger,
      ...(deps.localSandboxPort === undefined ? {} : { localSandboxPort: deps.localSandboxPort }),
    }),
    ...createAddressBookHandlers({ addressBook: money.addressBook }),
    ...createPayoutHandlers({ payouts: money.payouts }),
    ...createJournalHandlers({ journal: parts.journal, session }),
    ...appHandlers,
    // Notices already shown may name amounts: privacy mode going on withdraws them.
    'preferences.update': async (change) => {
      const preferences = await appHandlers['preferences.update'](change);
      if (change.language !== undefined) parts.languageChanged(preferences);
      if (change.privacyMode !== undefined) notifications.privacyModeChanged(preferences.privacyMode);
      return preferences;
    },
  };
}

/**
 * The composition root shared by the Electron shell and the test harness: every feature is built
 * here from injected dependencies, none of which is Electron.
 */
export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  const { settings } = deps;
  // The window's language and main's are the same: both resolve the stored choice against the system's locale.
  const systemLocales = (): string[] => [deps.locale?.() ?? 'en-US'];
  setMainLanguage(settings.get().preferences.language, systemLocales());
  const journal = await openJournal(deps);
  const session = createSession(deps);
  const kept = createKeptFeatures(deps, session);

  // Silent sign-in with a stored refresh token; session.get waits for it, nothing else does.
  void session.restore();

  const deposits = createDepositAddresses({ session, logger: deps.logger });
  const { writeClipboard, readClipboard } = deps;
  const clipboard = writeClipboard && readClipboard ? { write: writeClipboard, read: readClipboard } : undefined;
  const money = await createMoneyFeatures(deps, session, journal);

  // Checks once per launch, in the background; Settings checks again on demand.
  const updates = createUpdateService({
    updater: deps.updater ?? { configured: false, reason: t('mainApp.updates.notInBuild') },
    currentVersion: deps.version,
    logger: deps.logger,
    publish: (view) => deps.emit('updates.changed', view),
  });
  updates.checkOnStart();

  const notifications = createNotificationsFeature({
    session,
    settings,
    notifier: deps.notifier ?? silentNotifier,
    logger: deps.logger,
    emit: deps.emit,
    locale: textLocale,
  });

  const appHandlers = createAppHandlers({
    appName: deps.appName,
    version: deps.version,
    settings,
    secrets: deps.secrets,
    emit: deps.emit,
    openExternal: deps.openExternal,
    serviceHosts: () => serviceHostsOf(deps),
    logger: deps.logger,
  });

  const handlers = createHandlers(deps, {
    session,
    kept,
    money,
    deposits,
    clipboard,
    updates,
    notifications,
    appHandlers,
    journal,
    languageChanged: (preferences) => {
      setMainLanguage(preferences.language, systemLocales());
      deps.languageChanged?.();
    },
  });

  return {
    handlers,
    session,
    async dispose() {
      notifications.dispose();
      await kept.historyExports.dispose();
      deposits.dispose();
      await kept.paymentRequests.dispose();
      await kept.portfolio.dispose();
      updates.dispose();
      await session.dispose();
    },
  };
}

function serviceHostsOf(deps: Pick<AppCoreDeps, 'settings' | 'localSandboxPort'>): string[] {
  try {
    const endpoints = currentEndpoints(deps);
    return [endpoints.baseUrl, endpoints.apiUrl].flatMap((url) => (url ? [new URL(url).hostname] : []));
  } catch {
    return [];
  }
}
