/**
 * Settings › Updates as a user meets it, with a scripted updater behind the real update feature: the
 * launch check finds nothing, "Check for updates" finds a version that downloads in the background, and
 * it installs on quit only once the user ticks the box. Controls are found by role and name.
 */
import type { Page } from '@playwright/test';
import { ScriptedUpdater } from '../support/scripted-updater';
import { expect, test } from './support/fixtures';

type LaunchSignedInApp = Parameters<Parameters<typeof test>[2]>[0]['launchSignedInApp'];

const updates = (page: Page) => page.getByRole('region', { name: 'Updates' });

/**
 * An app of the story's own, on Settings, with an updater of its own whose downloads wait for the story:
 * each story starts from the launch check, whatever another story did.
 */
async function settingsWithUpdater(
  launchSignedInApp: LaunchSignedInApp,
): Promise<{ page: Page; updater: ScriptedUpdater }> {
  const updater = new ScriptedUpdater();
  updater.holdDownloads = true;
  const { page } = await launchSignedInApp({ updater: { configured: true, port: updater } });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  return { page, updater };
}

/** "Check for updates" finds 0.2.0, whose download then waits (held) until the story releases it. */
async function downloadingNewVersion(page: Page, updater: ScriptedUpdater): Promise<void> {
  await expect(updates(page).getByRole('status')).toHaveText('Wallet Desk 0.1.0 is the latest version.');
  updater.next = { found: '0.2.0' };
  await updates(page).getByRole('button', { name: 'Check for updates' }).click();
  await expect(updates(page).getByRole('status')).toHaveText('Downloading version 0.2.0 in the background…');
}

test.describe('Settings › Updates', () => {
  test('shows the launch check: this version is the latest', async ({ launchSignedInApp }) => {
    const { page, updater } = await settingsWithUpdater(launchSignedInApp);
    await expect(updates(page).getByRole('status')).toHaveText('Wallet Desk 0.1.0 is the latest version.');
    expect(updater.checks).toBe(1);
  });

  test('checks on demand, downloads in the background, and shows the progress', async ({ launchSignedInApp }) => {
    const { page, updater } = await settingsWithUpdater(launchSignedInApp);
    await downloadingNewVersion(page, updater);
    expect(updater.checks).toBe(2);
    await expect(updates(page).getByRole('button', { name: 'Check for updates' })).toBeDisabled();
    updater.emit({ type: 'progress', percent: 40 });
    await expect(updates(page).getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('value', '40');
  });

  test('installs on quit only after the user agrees', async ({ launchSignedInApp }) => {
    const { page, updater } = await settingsWithUpdater(launchSignedInApp);
    await downloadingNewVersion(page, updater);
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
