/**
 * Settings › Updates as a user meets it, with a scripted updater behind the real update feature: the
 * launch check finds nothing, "Check for updates" finds a version that downloads in the background, and
 * it installs on quit only once the user ticks the box. Controls are found by role and name.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedUpdater } from '../support/scripted-updater';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

describe('Settings › Updates', () => {
  let app: SignedInApp;
  let page: Page;
  const updater = new ScriptedUpdater();
  const updates = () => page.getByRole('region', { name: 'Updates' });

  beforeAll(async () => {
    updater.holdDownloads = true;
    app = await startSignedInApp({ updater: { configured: true, port: updater } });
    page = app.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the launch check: this version is the latest', async () => {
    expect(updater.checks).toBe(1);
    await expect
      .poll(() => updates().getByRole('status').textContent())
      .toBe('Wallet Desk 0.1.0 is the latest version.');
  });

  it('checks on demand, downloads in the background, and shows the progress', async () => {
    updater.next = { found: '0.2.0' };
    await updates().getByRole('button', { name: 'Check for updates' }).click();
    await expect
      .poll(() => updates().getByRole('status').textContent())
      .toBe('Downloading version 0.2.0 in the background…');
    expect(updater.checks).toBe(2);
    await expect.poll(() => updates().getByRole('button', { name: 'Check for updates' }).isDisabled()).toBe(true);
    updater.emit({ type: 'progress', percent: 40 });
    await expect
      .poll(() => updates().getByRole('progressbar', { name: 'Download progress' }).getAttribute('value'))
      .toBe('40');
  });

  it('installs on quit only after the user agrees', async () => {
    updater.releaseDownload();
    await expect
      .poll(() => updates().getByRole('status').textContent())
      .toBe('Version 0.2.0 is downloaded and ready to install.');
    expect(updater.installOnQuit).toBeNull();
    const consent = updates().getByRole('checkbox', { name: 'Install version 0.2.0 when I quit Wallet Desk' });
    // The box reflects main's answer, so it shows ticked once main has recorded the consent.
    await consent.click();
    await expect.poll(() => consent.isChecked()).toBe(true);
    await expect
      .poll(() => updates().getByRole('status').textContent())
      .toBe('Version 0.2.0 will be installed when you quit Wallet Desk.');
    expect(updater.installOnQuit).toBe(true);
  });
});
