import { test as base, expect, type Page } from '@playwright/test';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/server';
import { answersNamingInternals } from '../../support/internal-names';
import { createCodeSource } from '../../support/two-factor-codes';
import { expectedFormats } from './amount-formats';
import { GroupScope } from './group-scope';
import { reloadSignedInApp } from './reload-app';
import { recordServiceRequests } from './service-requests';
import {
  completeBrowserSignIn,
  startApp,
  type AppSession,
  type SandboxUser,
  type SignedInApp,
  type StartAppOptions,
} from './signed-in-app';

export { expect };

export { OWN_APP } from './group-scope';

export { WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';

/** How the group's app is started (`test.use({ appOptions })` in the file or its describe). */
export interface AppOptions extends Omit<StartAppOptions, 'sandbox' | 'browser'> {
  /** Who signs in; default the first seeded user. */
  readonly username?: string;
  /** The group's sandbox (always on a free port, quiet); accessTokenTtlSeconds and totpWindowSteps above apply. */
  readonly sandbox?: Omit<
    SandboxOptions,
    'port' | 'quiet' | 'accessTokenTtlSeconds' | 'totpWindowSteps'
  >; /** What the group does once, right after signing in (e.g. open the screen its stories are about). */
  readonly afterSignIn?: (app: SignedInApp) => Promise<void>;
}

/** One money screen (Send, Swap) opened afresh for the story: alice signed in on the group's sandbox. */
export interface MoneyScreen {
  readonly sandbox: RunningSandbox;
  readonly session: SignedInApp;
  readonly page: Page;
  /** Every request the app sent to the service, recorded since the group started. */
  readonly service: ReturnType<typeof recordServiceRequests>;
  readonly nextCode: ReturnType<typeof createCodeSource>;
  /** How amounts look in the browser's locale. */
  readonly formats: ReturnType<typeof expectedFormats>;
  /** Errors thrown in the page since it opened. */
  readonly pageErrors: string[];
}

interface Fixtures {
  appOptions: AppOptions;
  /** The group's sandbox, started with `appOptions`. */
  sandbox: RunningSandbox;
  /** A second sandbox for the group (default options), e.g. a "Custom" environment to switch to. */
  otherSandbox: RunningSandbox;
  /** The group's app, signed out; every story fails if the page received an error naming internals. */
  appSession: AppSession;
  /** The group's app, signed in once as `appOptions.username` (the same app as `appSession`). */
  signedInApp: SignedInApp;
  /** Starts a sandbox of the story's own (free port, quiet), closed after the story's apps. */
  launchSandbox: (options?: Omit<SandboxOptions, 'port' | 'quiet'>) => Promise<RunningSandbox>;
  /** Starts an app (signed out) in the worker's Chromium, closed with its checks when the story ends. */
  launchApp: (options?: Omit<StartAppOptions, 'browser'>) => Promise<AppSession>;
  /** `launchApp`, then signs in as `username` (default the first seeded user) and waits for Home. */
  launchSignedInApp: (options?: Omit<StartAppOptions, 'browser'> & { username?: string }) => Promise<SignedInApp>;
  /** Every request the group's app sent to the service's Interface A, recorded from the story that first asks. */
  serviceRequests: ReturnType<typeof recordServiceRequests>;
  sendScreen: MoneyScreen;
  swapScreen: MoneyScreen;
}

interface WorkerFixtures {
  groupScope: GroupScope;
}

/** Signs `session` in as `username` (default the first seeded user) and waits for Home. */
/**
 * How long a story waits for the signed-in app after the browser hands back: a token exchange, the first
 * answers and the first paint of Home, on a machine that may be busy. The state lasts once reached.
 */
export const SIGNED_IN_TIMEOUT = 20_000;

export async function signIn(session: AppSession, username?: string): Promise<SignedInApp> {
  const users = session.sandbox.info().users;
  const user: SandboxUser | undefined = username ? users.find((found) => found.username === username) : users[0];
  if (!user) throw new Error(`no sandbox user ${username ?? '(first)'}`);
  await completeBrowserSignIn(session, user, () => session.page.getByRole('button', { name: 'Sign in' }).click());
  await expect(session.page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: SIGNED_IN_TIMEOUT });
  return { ...session, user };
}

/** Opens a screen from the main navigation, as a user does, and waits for its heading. */
export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** The group's money-screen state, then the screen opened from a fresh window (and `ready` for what it loads). */
async function openMoneyScreen(
  groupScope: GroupScope,
  testInfo: Parameters<GroupScope['get']>[0],
  signedInApp: SignedInApp,
  service: MoneyScreen['service'],
  totpWindowSteps: number,
  screen: 'Send' | 'Swap',
  ready: (page: Page) => Promise<void>,
): Promise<MoneyScreen> {
  const page = signedInApp.page;
  const state = await groupScope.get(
    testInfo,
    'moneyScreen',
    async () =>
      ({
        sandbox: signedInApp.sandbox,
        session: signedInApp,
        page,
        service,
        nextCode: createCodeSource(signedInApp.user.totpSecret, totpWindowSteps),
        formats: expectedFormats(await page.evaluate(() => navigator.language)),
        pageErrors: signedInApp.pageErrors,
      }) satisfies MoneyScreen,
    async () => undefined,
  );
  await reloadSignedInApp(page);
  await openScreen(page, screen);
  await ready(page);
  return state;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  groupScope: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const scope = new GroupScope();
      await use(scope);
      await scope.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  appOptions: [{}, { option: true }],

  sandbox: [
    async ({ groupScope, appOptions }, use, testInfo) => {
      const sandbox = await groupScope.get(
        testInfo,
        'sandbox',
        () =>
          startSandbox({
            ...appOptions.sandbox,
            port: 0,
            quiet: true,
            accessTokenTtlSeconds: appOptions.accessTokenTtlSeconds ?? 300,
            totpWindowSteps: appOptions.totpWindowSteps ?? 1,
          }),
        (started) => started.close(),
      );
      await use(sandbox);
    },
    { timeout: 30_000 },
  ],

  otherSandbox: [
    async ({ groupScope }, use, testInfo) => {
      await use(
        await groupScope.get(
          testInfo,
          'otherSandbox',
          () => startSandbox({ port: 0, quiet: true }),
          (started) => started.close(),
        ),
      );
    },
    { timeout: 30_000 },
  ],

  appSession: [
    async ({ groupScope, appOptions, sandbox, browser }, use, testInfo) => {
      const app = await groupScope.get(
        testInfo,
        'appSession',
        () => {
          const {
            username: _username,
            sandbox: _sandboxOptions,
            afterSignIn: _afterSignIn,
            ...startOptions
          } = appOptions;
          return startApp({ ...startOptions, sandbox, browser });
        },
        (started) => started.dispose(),
      );
      const seen = app.app.received.length;
      await use(app);
      // Every story checks that no answer the page received names an operation or a field path.
      const named = answersNamingInternals(app.app.received.slice(seen));
      if (named.length > 0) throw new Error(`errors shown with internal names:\n${named.join('\n')}`);
    },
    { timeout: 60_000 },
  ],

  signedInApp: [
    async ({ groupScope, appOptions, appSession }, use, testInfo) => {
      await use(
        await groupScope.get(
          testInfo,
          'signedInApp',
          async () => {
            const app = await signIn(appSession, appOptions.username);
            await appOptions.afterSignIn?.(app);
            return app;
          },
          async () => undefined,
        ),
      );
    },
    { timeout: 60_000 },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  launchSandbox: async ({}, use) => {
    const started: RunningSandbox[] = [];
    await use(async (options = {}) => {
      const sandbox = await startSandbox({ ...options, port: 0, quiet: true });
      started.push(sandbox);
      return sandbox;
    });
    for (const sandbox of started.reverse()) await sandbox.close();
  },

  // launchSandbox first, so that its sandboxes outlive the apps signed in to them.
  launchApp: async ({ browser, launchSandbox: _launchSandbox }, use) => {
    const started: AppSession[] = [];
    await use(async (options = {}) => {
      const session = await startApp({ ...options, browser });
      started.push(session);
      return session;
    });
    const failures: unknown[] = [];
    for (const session of started.reverse()) await session.close().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, 'an app the story started failed its closing checks');
  },

  launchSignedInApp: async ({ launchApp }, use) => {
    await use(async ({ username, ...options } = {}) => signIn(await launchApp(options), username));
  },

  serviceRequests: [
    async ({ groupScope, sandbox }, use, testInfo) => {
      await use(
        await groupScope.get(
          testInfo,
          'serviceRequests',
          async () => recordServiceRequests(sandbox),
          async (recording) => recording.restore(),
        ),
      );
    },
    { timeout: 10_000 },
  ],

  sendScreen: [
    async ({ groupScope, appOptions, signedInApp, serviceRequests }, use, testInfo) => {
      const steps = appOptions.totpWindowSteps ?? 1;
      await use(
        await openMoneyScreen(groupScope, testInfo, signedInApp, serviceRequests, steps, 'Send', async () => undefined),
      );
    },
    { timeout: 60_000 },
  ],

  swapScreen: [
    async ({ groupScope, appOptions, signedInApp, serviceRequests }, use, testInfo) => {
      // The From list offers a choice (two assets or more) once the account's swap balances have loaded.
      const ready = async (page: Page) =>
        expect(
          page.getByRole('main').getByRole('combobox', { name: 'From', exact: true }).getByRole('option').nth(1),
        ).toBeAttached();
      const steps = appOptions.totpWindowSteps ?? 1;
      await use(await openMoneyScreen(groupScope, testInfo, signedInApp, serviceRequests, steps, 'Swap', ready));
    },
    { timeout: 60_000 },
  ],
});
