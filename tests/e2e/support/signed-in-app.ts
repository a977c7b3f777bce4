import type { LanguagePreference } from '../../../src-preload/contract/app';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox, type SandboxInfo } from '../../../sandbox/server';
import type { UpdaterAvailability } from '../../../src-main/features/updates';
import { createSecretStore } from '../../../src-main/keychain/create-secret-store';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { createLogger, type FileLogger } from '../../../src-main/logging/create-logger';
import { startAppUnderTest, type AppUnderTest } from '../../harness/app-under-test';
import { answersNamingInternals } from '../../support/internal-names';
import { launchChromium } from './browser';

export type SandboxUser = SandboxInfo['users'][number];

export interface AppSession {
  readonly sandbox: RunningSandbox;
  readonly app: AppUnderTest;
  readonly browser: Browser;
  /** The app's window. */
  readonly page: Page;
  readonly logger: FileLogger;
  readonly secrets: SecretStore;
  readonly userDataDir: string;
  /** Errors thrown in the page since it opened. */
  readonly pageErrors: string[];
  /** Closes everything it started; throws if an error the page received named internals. */
  close(): Promise<void>;
  /**
   * Closes everything it started (not a sandbox it was given) without that check, as quitting the app
   * does; for callers that check after every story, and for relaunches. Later calls do nothing.
   */
  dispose(): Promise<void>;
}

export interface StartAppOptions {
  /** Default: an unused port. */
  readonly sandbox?: RunningSandbox;
  readonly accessTokenTtlSeconds?: number;
  /** Steps of clock drift the sandbox accepts for two-factor codes (default 1, as the real service). */
  readonly totpWindowSteps?: number;
  /** Reuse a user-data folder (and so settings), e.g. to relaunch the app. */
  readonly userDataDir?: string;
  /** Reuse a secret store, e.g. to relaunch the app with the same keychain. */
  readonly secrets?: SecretStore;
  /** Default: the OS keychain when a Secret Service answers, else memory. */
  readonly keychain?: 'os' | 'memory';
  /** Passed to the harness: a scripted updater for the Settings › Updates tests. */
  readonly updater?: UpdaterAvailability;
  /** The browser's language (navigator.language), which decides how the app writes and reads numbers. */
  readonly locale?: string;
  /**
   * Settings › Language, chosen before the window loads. A story in a German window that reads the app's
   * English names chooses English: the app then keeps the system's German numbers (languages.ts).
   */
  readonly language?: LanguagePreference;
  /** Show the app in this browser (left open on close) instead of launching a Chromium of its own. */
  readonly browser?: Browser;
  /** The app's clock this far off the sandbox's (positive: ahead), as a computer with a wrong clock. */
  readonly clockOffsetMs?: number;
  /**
   * How long a swap quote may be executed (AppCoreDeps.quoteLifetimeMs); the app's own by default. A story
   * whose steps between a quote and its swap must not race the quote's lifetime sets a long one.
   */
  readonly quoteLifetimeMs?: number;
  /**
   * The background settle round (AppCoreDeps.backgroundSettle). Off by default: a story that loses a move
   * shows it unknown until it checks it itself, whatever the round would find meanwhile; the settle story
   * (settle-round.spec.ts) turns it on and drives it on the page's clock.
   */
  readonly backgroundSettle?: boolean;
  /**
   * Runs with the app started and its page opened, before the page loads (routes to hold, a state to wait
   * for); the page is then only committed to, not loaded, since what it routes may hold the load.
   */
  readonly beforeLoad?: (page: Page, app: AppUnderTest) => Promise<void>;
}

/** A keychain service name per app instance, so test files running side by side never share entries. */
function testKeychainService(): string {
  return `wallet-desk-test-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The sandbox, the app's main-process half behind the harness, and Chromium showing the app: what a
 * user has after launching Wallet Desk against the local sandbox.
 */
export async function startApp(options: StartAppOptions = {}): Promise<AppSession> {
  const sandbox =
    options.sandbox ??
    (await startSandbox({
      port: 0,
      quiet: true,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 300,
      totpWindowSteps: options.totpWindowSteps ?? 1,
    }));
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'wallet-desk-e2e-')));
  const logger = createLogger({ directory: join(userDataDir, 'logs') });
  const secrets =
    options.secrets ??
    (options.keychain === 'memory' || !process.env.DBUS_SESSION_BUS_ADDRESS
      ? createMemoryStore()
      : await createSecretStore(logger, { service: testKeychainService() }));
  const app = await startAppUnderTest({
    logger,
    secrets,
    userDataDir,
    localSandboxPort: Number(new URL(sandbox.origin).port),
    ...(options.updater === undefined ? {} : { updater: options.updater }),
    // Main writes amounts (deposit notices) in the locale the page shows them in, as in the app.
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    ...(options.clockOffsetMs === undefined ? {} : { clockOffsetMs: options.clockOffsetMs }),
    ...(options.quoteLifetimeMs === undefined ? {} : { quoteLifetimeMs: options.quoteLifetimeMs }),
    backgroundSettle: options.backgroundSettle ?? false,
  });
  const browser = options.browser ?? (await launchChromium());
  // A context of its own: cookies and storage never leak between app sessions sharing a browser.
  const context = await browser.newContext(options.locale === undefined ? {} : { locale: options.locale });
  const page = await context.newPage();
  // A missing element then fails naming its locator, well before the test's own timeout.
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  if (options.language !== undefined) {
    const chosen = await app.dispatch('preferences.update', { language: options.language });
    if (!chosen.ok) throw new Error(`could not choose the language: ${chosen.error.message}`);
  }
  if (options.beforeLoad) {
    await options.beforeLoad(page, app);
    await page.goto(app.url, { waitUntil: 'commit' });
  } else {
    await page.goto(app.url);
  }
  let disposed: Promise<void> | undefined;
  // Once only: a story may quit an app (to relaunch it) that its fixture closes again at the end.
  const dispose = () =>
    (disposed ??= (async () => {
      if (options.browser) await context.close();
      else await browser.close();
      await app.close();
      await logger.close();
      if (!options.sandbox) await sandbox.close();
    })());
  return {
    sandbox,
    app,
    browser,
    page,
    logger,
    secrets,
    userDataDir,
    pageErrors,
    async close() {
      // Every e2e file checks that no answer the page received names an operation or a field path.
      const named = answersNamingInternals(app.received);
      await dispose();
      if (named.length > 0) throw new Error(`errors shown with internal names:\n${named.join('\n')}`);
    },
    dispose,
  };
}

export interface BrowserSignInOptions {
  /** The system browser's language, for a story in another language than English. */
  readonly locale?: string;
  /**
   * What the page the app shows on return must read (it is the app's, in the app's language); by default
   * the English "return to Wallet Desk".
   */
  readonly returned?: (page: Page) => Promise<void>;
}

/**
 * Does what a person does in the system browser: the app opens the provider's page, the user signs in
 * and allows access, and the provider redirects to the app's loopback listener. The provider's own pages
 * are the sandbox's, in English, whatever the app's language.
 */
export async function completeBrowserSignIn(
  session: Pick<AppSession, 'app' | 'browser'>,
  user: Pick<SandboxUser, 'username' | 'password'>,
  startSignIn: () => Promise<void>,
  options: BrowserSignInOptions = {},
): Promise<void> {
  const nextUrl = session.app.nextExternalUrl();
  await startSignIn();
  const url = await nextUrl;
  const context = await session.browser.newContext(options.locale === undefined ? {} : { locale: options.locale });
  try {
    const login = await context.newPage();
    await login.goto(url);
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    const allow = login.getByRole('button', { name: 'Allow' });
    // The provider asks for consent, or one that remembers it goes straight back to the app's loopback page.
    // Whichever comes is waited for: isVisible does not wait, and on a busy machine it looked before the consent
    // page had come, so Allow was never clicked.
    const asked = await Promise.race([
      allow.waitFor().then(
        () => true,
        () => false,
      ),
      login.waitForURL(/\/callback\b/).then(
        () => false,
        () => false,
      ),
    ]);
    if (asked) await allow.click();
    if (options.returned) await options.returned(login);
    else await login.getByText(/return to Wallet Desk/i).waitFor({ timeout: 15_000 });
  } finally {
    await context.close();
  }
}

export interface SignedInApp extends AppSession {
  readonly user: SandboxUser;
}

/** `startApp`, then signs in as `username` (default: the first seeded user) and waits for Home. */
export async function startSignedInApp(options: StartAppOptions & { username?: string } = {}): Promise<SignedInApp> {
  const session = await startApp(options);
  const users = session.sandbox.info().users;
  const user = options.username ? users.find((candidate) => candidate.username === options.username) : users[0];
  if (!user) throw new Error(`no sandbox user ${options.username ?? '(first)'}`);
  await completeBrowserSignIn(session, user, () => session.page.getByRole('button', { name: 'Sign in' }).click());
  await session.page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 20_000 });
  return { ...session, user };
}
