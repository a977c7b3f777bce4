import { join } from 'node:path';
import type { AppCoreDeps } from './core/app-core-deps';
import type { EnvironmentId } from '../src-preload/contract/app';
import type { Handlers } from './dispatch';
import { AppError } from './app-error';
import { t, textLocale, useMainLanguage } from './i18n/main-text';
import type { MessageId } from '../resources/locales/catalogues';
import type { LanguagePreference } from '../resources/locales/languages';
import { createAppHandlers } from './features/app';
import { createMoneyAlarms, type MoneyAlarms } from './features/alarms';
import { silentNotifier } from './features/notifications/desktop-notifier';
import { createBalanceCache, createKeychainSealer, createPortfolioFeature } from './features/portfolio';
import { createSessionHandlers, createSessionService, type SessionService } from './features/session';
import { createUpdateHandlers, createUpdateService } from './features/updates';
import { builtInEndpoints, type Endpoints } from './settings/environments';
import { createJournalHandlers } from './journal/journal-handlers';
import { memoryMoneyJournal, openMoneyJournal, type MoneyJournal } from './journal/money-journal';
import { deferredHandlers, deferredPart, type DeferredPart } from './core/deferred-part';
import type { HistoryPart } from './core/history-part';
import type { MoneyPart } from './core/money-part';
import {
  environmentOperations,
  historyOperations,
  moneyOperations,
  notificationOperations,
  receiveOperations,
  type EnvironmentOperation,
} from './core/part-operations';
import type { ReceivePart } from './core/receive-part';
import { loadedOnce } from './loaded-once';
import type { LaunchView } from './shell/launch-view';

export type { AppCoreDeps } from './core/app-core-deps';

export interface AppCore {
  readonly handlers: Handlers;
  /** Authorised Interface A calls for the active account; features that talk to the service use it. */
  readonly session: SessionService;
  /**
   * The last known balances as the window's launch paint draws them, for the index.html main serves
   * (shell/launch-document.ts), or null when the paint would not show them now.
   */
  launchView(unwanted?: AbortSignal): Promise<LaunchView | null>;
  /**
   * This run's balances as the launch paint draws them, as the fresh part of the index.html main serves, from
   * the answer the page's first portfolio.wallets gets; null when the paint would not show them.
   */
  launchFreshView(unwanted?: AbortSignal): Promise<LaunchView | null>;
  dispose(): Promise<void>;
}

/** Loaded when the window first asks for its page: the core's import does not carry the launch view's builder. */
const launchViewModule = loadedOnce(() => import('./shell/launch-view'));

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

/** The last known balances, kept between runs in the user-data folder when there is one. */
function createPortfolio(deps: AppCoreDeps, session: SessionService) {
  const { settings } = deps;
  return createPortfolioFeature({
    session,
    environment: () => settings.get().environment,
    privacyMode: () => settings.get().preferences.privacyMode,
    logger: deps.logger,
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
}

/**
 * What the launch does not ask for, built at its first operation (core/deferred-part.ts): history and
 * exports, Receive and payment requests, the money features (send, swap, withdraw, payouts, merchant,
 * address book, the settle round), deposit notices and the environments' checks. The money journal they write to
 * is opened and recovered at start, before any of them (createAppCore).
 */
interface DeferredParts {
  readonly money: DeferredPart<MoneyPart>;
  readonly history: DeferredPart<HistoryPart>;
  readonly receive: DeferredPart<ReceivePart>;
  readonly notifications: DeferredPart<Notifications>;
  readonly environments: DeferredPart<Pick<Handlers, EnvironmentOperation>>;
}

type Notifications = ReturnType<typeof import('./features/notifications').createNotificationsFeature>;

function deferParts(
  deps: AppCoreDeps,
  session: SessionService,
  journal: MoneyJournal,
  alarms: MoneyAlarms,
): DeferredParts {
  return {
    money: deferredPart(async () =>
      (await import('./core/money-part')).createMoneyPart(deps, session, journal, alarms),
    ),
    history: deferredPart(async () => (await import('./core/history-part')).createHistoryPart(deps, session)),
    receive: deferredPart(async () => (await import('./core/receive-part')).createReceivePart(deps, session)),
    notifications: deferredPart(async () =>
      (await import('./features/notifications')).createNotificationsFeature({
        session,
        settings: deps.settings,
        notifier: deps.notifier ?? silentNotifier,
        logger: deps.logger,
        emit: deps.emit,
        locale: textLocale,
      }),
    ),
    environments: deferredPart(async () =>
      (await import('./features/environments')).createEnvironmentHandlers({
        settings: deps.settings,
        session,
        logger: deps.logger,
        ...(deps.localSandboxPort === undefined ? {} : { localSandboxPort: deps.localSandboxPort }),
      }),
    ),
  };
}

interface HandlerParts {
  readonly session: SessionService;
  readonly portfolio: ReturnType<typeof createPortfolio>;
  readonly deferred: DeferredParts;
  readonly alarms: MoneyAlarms;
  readonly updates: ReturnType<typeof createUpdateService>;
  readonly appHandlers: ReturnType<typeof createAppHandlers>;
  readonly journal: MoneyJournal;
  /** After the language preference changed: main's language follows, and what main wrote once is rewritten. */
  readonly languageChanged: (preferences: { readonly language: LanguagePreference }) => Promise<void>;
}

/** Every feature's handlers, and the few that join two features (deposits kept as payment requests). */
function createHandlers(deps: AppCoreDeps, parts: HandlerParts): Handlers {
  const { session, portfolio, deferred, appHandlers } = parts;
  return {
    ...createSessionHandlers({ session }),
    ...deferredHandlers(moneyOperations, async () => (await deferred.money.get()).handlers),
    ...deferredHandlers(historyOperations, async () => (await deferred.history.get()).handlers),
    ...deferredHandlers(receiveOperations, async () => (await deferred.receive.get()).handlers),
    ...portfolio.handlers,
    // Home's balance refresh is also a moment to look for deposits, beside the app-wide watch (notifications.watch).
    'portfolio.wallets': async (input) => {
      const view = await portfolio.handlers['portfolio.wallets'](input);
      // Notices are never the launch's: the feature is built here in the background, not awaited.
      void deferred.notifications.get().then(
        (notifications) => notifications.afterBalances(view.accountGuid),
        (error: unknown) => deps.logger.warn('could not look for new deposits', { error: String(error) }),
      );
      return view;
    },
    ...deferredHandlers(notificationOperations, async () => (await deferred.notifications.get()).handlers),
    // Every deposit address made with a reference is kept as a payment request of whoever made it.
    'merchant.depositCreate': async (input) => {
      const [money, receive] = await Promise.all([deferred.money.get(), deferred.receive.get()]);
      const maker = receive.paymentRequests.makerNow();
      const created = await money.handlers['merchant.depositCreate'](input);
      if (maker) await receive.paymentRequests.keepMerchant(maker, input.label, created);
      return created;
    },
    ...createUpdateHandlers({ updates: parts.updates }),
    ...deferredHandlers(environmentOperations, () => deferred.environments.get()),
    ...parts.alarms.handlers,
    ...createJournalHandlers({ journal: parts.journal, session }),
    ...appHandlers,
    // Notices already shown may name amounts: privacy mode going on withdraws them, if any were shown. The
    // answer is what was saved, whether or not the language's catalogue could be loaded.
    'preferences.update': async (change) => {
      const preferences = await appHandlers['preferences.update'](change);
      if (change.privacyMode !== undefined) {
        (await deferred.notifications.ifStarted())?.privacyModeChanged(preferences.privacyMode);
      }
      if (change.language !== undefined) await parts.languageChanged(preferences);
      return preferences;
    },
  };
}

/** Ends what the core started, the deferred parts only if something built them. */
async function disposeAll(
  parts: Omit<HandlerParts, 'appHandlers' | 'journal' | 'languageChanged' | 'alarms'>,
): Promise<void> {
  (await parts.deferred.notifications.ifStarted())?.dispose();
  await (await parts.deferred.history.ifStarted())?.dispose();
  await (await parts.deferred.receive.ifStarted())?.dispose();
  await parts.portfolio.dispose();
  parts.updates.dispose();
  await parts.session.dispose();
}

/**
 * Main's language follows the preference. A catalogue that cannot be loaded leaves main writing English: the
 * app still starts and the preference stays saved. True when something written meanwhile must be written again.
 */
async function followLanguage(
  deps: AppCoreDeps,
  preference: LanguagePreference,
  systemLocales: readonly string[],
): Promise<boolean> {
  try {
    return await useMainLanguage(preference, systemLocales);
  } catch (error) {
    deps.logger.warn('could not load the chosen language; main writes in English', {
      language: preference,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return false;
  }
}

/**
 * The composition root shared by the Electron shell and the test harness: every feature is built
 * here from injected dependencies, none of which is Electron.
 */
export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  const { settings } = deps;
  // The window's language and main's are the same: both resolve the stored choice against the system's locale.
  const systemLocales = (): string[] => [deps.locale?.() ?? 'en-US'];
  // Its catalogue first, if it is not English's; what was written before it arrived (the menu) is written again.
  if (await followLanguage(deps, settings.get().preferences.language, systemLocales())) deps.languageChanged?.();
  const journal = await openJournal(deps);
  const session = createSession(deps);
  const portfolio = createPortfolio(deps, session);

  // Silent sign-in with a stored refresh token; session.get waits for it, nothing else does.
  void session.restore();

  // A lost move found after all is announced at once (security.md 36), and alarms are shown on every screen.
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
  const deferred = deferParts(deps, session, journal, alarms);

  // Checks once per launch, in the background; Settings checks again on demand.
  const updates = createUpdateService({
    updater: deps.updater ?? { configured: false, reason: t('mainApp.updates.notInBuild') },
    currentVersion: deps.version,
    logger: deps.logger,
    publish: (view) => deps.emit('updates.changed', view),
  });
  updates.checkOnStart();

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
    portfolio,
    deferred,
    alarms,
    updates,
    appHandlers,
    journal,
    languageChanged: async (preferences) => {
      await followLanguage(deps, preferences.language, systemLocales());
      deps.languageChanged?.();
    },
  });

  return {
    handlers,
    session,
    launchView: async (unwanted) =>
      (await launchViewModule()).launchViewOf({
        session,
        cached: async () => (await portfolio.handlers['portfolio.cached'](undefined)) ?? null,
        preferences: () => settings.get().preferences,
        systemLocales: systemLocales(),
        ...(unwanted ? { unwanted } : {}),
      }),
    launchFreshView: async (unwanted) =>
      (await launchViewModule()).launchFreshViewOf({
        session,
        fresh: () => portfolio.launchBalances(),
        preferences: () => settings.get().preferences,
        systemLocales: systemLocales(),
        ...(unwanted ? { unwanted } : {}),
      }),
    dispose: () => disposeAll({ session, portfolio, deferred, updates }),
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
