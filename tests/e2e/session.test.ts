import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server';
import { completeBrowserSignIn, startApp, startSignedInApp, type AppSession } from './support/signed-in-app';

const open: AppSession[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function track<T extends AppSession>(session: Promise<T>): Promise<T> {
  const started = await session;
  open.push(started);
  return started;
}

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function readAllFiles(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts.join('\n');
}

describe('signing in through the system browser', () => {
  it('signs in with one button, shows who is signed in, and never lets a token reach the page, settings or logs', async () => {
    const session = await track(startSignedInApp());
    const { page, user } = session;
    await expect.poll(() => page.getByText(user.name, { exact: true }).first().isVisible()).toBe(true);

    const refreshToken = await findStoredRefreshToken(session);
    expect(refreshToken).toBeTruthy();
    const everythingReceived = session.app.received.join('\n');
    await session.logger.flush();
    const onDisk = await readAllFiles(session.userDataDir);
    for (const haystack of [everythingReceived, onDisk, await page.content()]) {
      expect(haystack).not.toContain(refreshToken);
      expect(haystack).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
      expect(haystack).not.toMatch(/access_token|refresh_token/);
    }
  });

  it('keeps the tokens out of the page’s storage too', async () => {
    const session = await track(startSignedInApp());
    const { page } = session;
    const refreshToken = await findStoredRefreshToken(session);
    expect(refreshToken).toBeTruthy();
    // Through a reload as well, in case something is written on the way out.
    await page.reload();
    await mainNavigation(page).waitFor();
    const storage = await page.evaluate(() =>
      JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }),
    );
    expect(storage).not.toContain(refreshToken);
    expect(storage).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(storage).not.toMatch(/access_token|refresh_token|id_token/);
  });

  it('restores the session on relaunch without opening the browser', async () => {
    const first = await track(startSignedInApp());
    const { sandbox, secrets, userDataDir } = first;
    await first.app.close();
    await first.browser.close();
    open.pop();
    const again = await track(startApp({ sandbox, secrets, userDataDir }));
    await mainNavigation(again.page).waitFor();
    expect(again.app.externalUrls).toEqual([]);
    await sandbox.close();
  });

  it('cancelling in the browser ends the attempt with a clear message, and the user can start again at once', async () => {
    const session = await track(startApp());
    const { page, app, browser } = session;
    const nextUrl = app.nextExternalUrl();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const context = await browser.newContext();
    const login = await context.newPage();
    await login.goto(await nextUrl);
    const user = session.sandbox.info().users[0]!;
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByRole('button', { name: 'Cancel' }).click();
    // Closing the browser before the provider's redirect reaches the app would abort the cancellation itself.
    await login.getByText(/return to Wallet Desk/i).waitFor({ timeout: 15_000 });
    await context.close();
    await page
      .getByRole('alert')
      .filter({ hasText: /cancel/i })
      .waitFor({ timeout: 10_000 });

    await completeBrowserSignIn(session, user, () => page.getByRole('button', { name: 'Sign in' }).click());
    await mainNavigation(page).waitFor();
  });

  it('switching account changes what the service is asked for', async () => {
    const session = await track(startSignedInApp());
    const { page, user } = session;
    const account = page.getByRole('combobox', { name: 'Account' });
    const options = user.accounts;
    expect(options.length).toBeGreaterThanOrEqual(2);
    await account.selectOption(options[1]!.guid);
    await expect.poll(() => account.inputValue()).toBe(options[1]!.guid);
    await mainNavigation(page).getByRole('button', { name: 'Profile' }).click();
    await expect.poll(() => page.getByRole('definition').nth(2).textContent()).toBe(options[1]!.role);
  });

  it('lock hides everything until the same user signs in again', async () => {
    const session = await track(startSignedInApp());
    const { page, user } = session;
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByRole('heading', { name: 'Wallet Desk is locked' }).waitFor();
    expect(await mainNavigation(page).count()).toBe(0);
    await completeBrowserSignIn(session, user, () => page.getByRole('button', { name: 'Unlock' }).click());
    await mainNavigation(page).waitFor();
  });

  it('locks by itself after the configured idle time, and input in between postpones it', async () => {
    const session = await track(startSignedInApp());
    const { page, app } = session;
    await page.clock.install();
    await page.reload();
    await mainNavigation(page).waitFor();
    expect(await app.dispatch('preferences.update', { idleLockMinutes: 2 })).toMatchObject({ ok: true });
    await page.clock.fastForward('01:30');
    await page.keyboard.press('Shift');
    await page.clock.fastForward('01:30');
    expect(await mainNavigation(page).isVisible()).toBe(true);
    await page.clock.fastForward('00:35');
    await page.getByRole('heading', { name: 'Wallet Desk is locked' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('sign-out returns to the sign-in screen and removes the stored token', async () => {
    const session = await track(startSignedInApp());
    const { page } = session;
    expect(await findStoredRefreshToken(session)).toBeTruthy();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await findStoredRefreshToken(session)).toBeNull();
  });

  it('refreshes an expired access token silently and stores the rotated refresh token first', async () => {
    const session = await track(startSignedInApp({ accessTokenTtlSeconds: 2 }));
    const { page } = session;
    const before = await findStoredRefreshToken(session);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await mainNavigation(page).getByRole('button', { name: 'Profile' }).click();
    await expect.poll(() => page.getByRole('definition').nth(1).textContent()).toBe(session.user.email);
    const after = await findStoredRefreshToken(session);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });

  it('a refresh token revoked at the issuer returns the user to sign-in, with no retry loop', async () => {
    const session = await track(startSignedInApp());
    const { page, sandbox, user } = session;
    const revoked = await fetch(new URL('/__sandbox/revoke-grants', sandbox.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username }),
    });
    expect(revoked.ok).toBe(true);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    // Home's own background reads (balances, the portfolio pictures' history) may meet the revocation before
    // the user does anything; then the navigation is already gone. Otherwise opening Profile meets it.
    if (!(await signIn.isVisible()))
      await mainNavigation(page)
        .getByRole('button', { name: 'Profile' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    await signIn.waitFor();
    expect(await findStoredRefreshToken(session)).toBeNull();
    expect(session.app.externalUrls).toHaveLength(1);
  });

  it('without a usable keychain it says so and still signs in for this run', async () => {
    const session = await track(startApp({ keychain: 'memory' }));
    const { page } = session;
    await page
      .getByRole('note')
      .filter({ hasText: /keychain/i })
      .waitFor();
    const user = session.sandbox.info().users[0]!;
    await completeBrowserSignIn(session, user, () => page.getByRole('button', { name: 'Sign in' }).click());
    await mainNavigation(page).waitFor();
    expect(session.secrets.kind).toBe('memory');
    expect(await findStoredRefreshToken(session)).toBeTruthy();
  });
});

/** The refresh token as the app stored it (the session service files it under `refresh-token:<environment>`). */
async function findStoredRefreshToken(session: AppSession): Promise<string | null> {
  return session.secrets.get('refresh-token:local-sandbox');
}

describe('stale errors and dead ends (issue 15, defect 6)', () => {
  it('a refused account switch says why in words, names the account chosen and offers to try again', async () => {
    const session = await track(startSignedInApp());
    const { page, user } = session;
    const account = page.getByRole('combobox', { name: 'Account' });
    const [first, second] = [user.accounts[0]!, user.accounts[1]!];
    await expect.poll(() => account.inputValue()).toBe(first.guid);
    // failNext takes the next service request, whoever makes it: wait until Home's own first reads (balances,
    // the portfolio pictures' history) are done, so the switch is the request that meets the failure.
    await page.getByRole('figure', { name: /^Deposits and withdrawals per day/ }).waitFor();
    await page.getByRole('figure', { name: 'Allocation by asset' }).waitFor();
    session.sandbox.faults.set({ failNext: 1 });
    await account.selectOption(second.guid);
    const alert = page.getByRole('banner').getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(`Could not switch to ${second.name}`);
    expect(await alert.textContent()).toContain(`You are still working in ${first.name}.`);
    // The switcher shows the account still in use: the one everything on screen belongs to.
    expect(await account.inputValue()).toBe(first.guid);
    await page.getByRole('button', { name: `Try switching to ${second.name} again` }).click();
    await expect.poll(() => account.inputValue()).toBe(second.guid);
    expect(await alert.count()).toBe(0);
  });

  it('the lock screen says why an unlock failed once, not twice', async () => {
    const session = await track(startSignedInApp());
    const { page } = session;
    const someoneElse = session.sandbox.info().users.find((candidate) => candidate.username !== session.user.username)!;
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByRole('heading', { name: 'Wallet Desk is locked' }).waitFor();
    await completeBrowserSignIn(session, someoneElse, () => page.getByRole('button', { name: 'Unlock' }).click());
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.count()).toBe(1);
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain(`Wallet Desk is locked for ${session.user.name}`);
    expect(text.split(`Wallet Desk is locked for ${session.user.name}`).length - 1).toBe(1);
  });

  it('with the service down the sign-in screen says so once; once it is back, signing in clears it', async () => {
    const sandbox = await startSandbox({ port: 0, quiet: true });
    const port = Number(new URL(sandbox.origin).port);
    const session = await track(startApp({ sandbox }));
    const { page } = session;
    const user = sandbox.info().users[0]!;
    await sandbox.close();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(1);
    expect(await alert.locator('p').count()).toBe(1);

    const back = await startSandbox({ port, quiet: true });
    try {
      await completeBrowserSignIn(session, user, () => page.getByRole('button', { name: 'Sign in' }).click());
      await mainNavigation(page).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await back.close();
    }
  });
});
