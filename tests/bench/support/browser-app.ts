import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningSandbox } from '../../../sandbox/server';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { createLogger, type FileLogger } from '../../../src-main/logging/create-logger';
import { startAppUnderTest, type AppUnderTest } from '../../harness/app-under-test';
import { launchChromium } from '../../e2e/support/browser';
import { completeBrowserSignIn, startSignedInApp, type SandboxUser } from '../../e2e/support/signed-in-app';

/**
 * A user who signed in once (refresh token in a memory keychain, settings in userDataDir), and a Chromium
 * to show the app in. `launch` starts the app's main-process half again — the relaunch a user does every
 * morning — and opens it in a fresh browser context with `initScript` installed before any app code runs.
 */
export interface SignedInUser {
  readonly browser: Browser;
  launch(initScript: string): Promise<LaunchedApp>;
  close(): Promise<void>;
}

export interface LaunchedApp {
  readonly app: AppUnderTest;
  readonly page: Page;
  close(): Promise<void>;
}

export async function signInOnce(sandbox: RunningSandbox): Promise<SignedInUser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'wallet-desk-bench-'));
  const secrets: SecretStore = createMemoryStore();
  const first = await startSignedInApp({ sandbox, secrets, userDataDir });
  await first.close();
  const logger: FileLogger = createLogger({ directory: join(userDataDir, 'logs') });
  const browser = await launchChromium();
  const port = Number(new URL(sandbox.origin).port);
  return {
    browser,
    async launch(initScript) {
      const app = await startAppUnderTest({ logger, secrets, userDataDir, localSandboxPort: port });
      let context: BrowserContext | null = null;
      try {
        context = await browser.newContext();
        await context.addInitScript({ content: initScript });
        const page = await context.newPage();
        const opened = context;
        return {
          app,
          page,
          async close() {
            await opened.close();
            await app.close();
          },
        };
      } catch (error) {
        await context?.close();
        await app.close();
        throw error;
      }
    },
    async close() {
      await browser.close();
      await logger.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the app in the launch's page and waits until it is signed in: the stored session restores, or, where
 * it does not, `who` signs in through the sandbox's provider as a user would.
 */
export async function openSignedIn(launched: LaunchedApp, user: SignedInUser, who: SandboxUser): Promise<void> {
  const { page, app } = launched;
  await page.goto(app.url);
  const mainNavigation = page.getByRole('navigation', { name: 'Main' });
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await mainNavigation.or(signIn).first().waitFor({ timeout: 30_000 });
  if (!(await mainNavigation.isVisible()))
    await completeBrowserSignIn({ app, browser: user.browser }, who, () => signIn.click());
}
