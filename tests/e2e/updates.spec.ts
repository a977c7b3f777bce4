/**
 * Settings › Updates as a user meets it, with a scripted updater behind the real update feature: the
 * launch check finds nothing, "Check for updates" finds a version that downloads in the background, and
 * it installs on quit only once the user ticks the box. Controls are found by role and name.
 */
import type { Page } from '@playwright/test';
import { ScriptedUpdater } from '../support/scripted-updater';
import { expect, test } from './support/fixtures';

// One per worker, as the group's app is: a worker started after a failed story starts a new app and updater.
const updater = new ScriptedUpdater();
updater.holdDownloads = true;

test.use({
  appOptions: {
    updater: { configured: true, port: updater },
    afterSignIn: async ({ page }) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    },
  },
});

test.describe('Settings › Updates', () => {
  // Each story goes on from where the one before left the app: after a failure the rest cannot run.
  test.describe.configure({ mode: 'serial' });

  const updates = (page: Page) => page.getByRole('region', { name: 'Updates' });

  test('shows the launch check: this version is the latest', async ({ signedInApp: { page } }) => {
    expect(updater.checks).toBe(1);
    await expect(updates(page).getByRole('status')).toHaveText('Wallet Desk 0.1.0 is the latest version.');
  });

  test('checks on demand, downloads in the background, and shows the progress', async ({ signedInApp: { page } }) => {
    updater.next = { found: '0.2.0' };
    await updates(page).getByRole('button', { name: 'Check for updates' }).click();
    await expect(updates(page).getByRole('status')).toHaveText('Downloading version 0.2.0 in the background…');
    expect(updater.checks).toBe(2);
    await expect(updates(page).getByRole('button', { name: 'Check for updates' })).toBeDisabled();
    updater.emit({ type: 'progress', percent: 40 });
    await expect(updates(page).getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('value', '40');
  });

  test('installs on quit only after the user agrees', async ({ signedInApp: { page } }) => {
    updater.releaseDownload();
    await expect(updates(page).getByRole('status')).toHaveText('Version 0.2.0 is downloaded and ready to install.');
    expect(updater.installOnQuit).toBeNull();
    const consent = updates(page).getByRole('checkbox', { name: 'Install version 0.2.0 when I quit Wallet Desk' });
    // The box reflects main's answer, so it shows ticked once main has recorded the consent.
    await consent.click();
    await expect(consent).toBeChecked();
    await expect(updates(page).getByRole('status')).toHaveText(
      'Version 0.2.0 will be installed when you quit Wallet Desk.',
    );
    expect(updater.installOnQuit).toBe(true);
  });
});
