import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { createCodeSource } from '../../support/two-factor-codes';
import { expectedFormats } from './amount-formats';
import { reloadSignedInApp } from './reload-app';
import { recordServiceRequests } from './service-requests';
import { startSignedInApp, type SignedInApp } from './signed-in-app';

/** Wide enough that a run never waits for the authenticator's next code. */
const TOTP_WINDOW_STEPS = 10;

export interface MoneyScreen {
  readonly sandbox: RunningSandbox;
  readonly session: SignedInApp;
  readonly page: Page;
  /** Every request the app sent to the service, recorded from the start. */
  readonly service: ReturnType<typeof recordServiceRequests>;
  readonly nextCode: ReturnType<typeof createCodeSource>;
  /** How amounts look in the browser's locale. */
  readonly formats: ReturnType<typeof expectedFormats>;
}

/**
 * The stories of one money screen (Send, Swap): alice signed in on a sandbox of the file's own, and every
 * story starting from a fresh window on the screen (`ready` waits for what the screen loads). Page
 * errors are collected in `pageErrors`, so a story can assert there were none.
 */
export function useMoneyScreen(
  options: { screen: 'Send' | 'Swap'; pageErrors: string[]; ready?: (page: Page) => Promise<void> },
  started: (screen: MoneyScreen) => void,
): void {
  let sandbox: RunningSandbox | undefined;
  let session: SignedInApp | undefined;
  let service: MoneyScreen['service'] | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: TOTP_WINDOW_STEPS });
    service = recordServiceRequests(sandbox);
    session = await startSignedInApp({ sandbox, username: 'alice' });
    const page = session.page;
    page.on('pageerror', (error) => options.pageErrors.push(error.message));
    started({
      sandbox,
      session,
      page,
      service,
      nextCode: createCodeSource(session.user.totpSecret, TOTP_WINDOW_STEPS),
      formats: expectedFormats(await page.evaluate(() => navigator.language)),
    });
  });

  afterAll(async () => {
    service?.restore();
    await session?.close();
    await sandbox?.close();
  });

  beforeEach(async () => {
    if (!session) throw new Error('the money screen fixture did not start');
    const page = session.page;
    await reloadSignedInApp(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: options.screen, exact: true }).click();
    await page.getByRole('heading', { name: options.screen, exact: true }).waitFor();
    await options.ready?.(page);
  });
}
