/**
 * The electron-updater side of updates, with a fake AppUpdater (an EventEmitter with electron-updater's
 * event names): it never downloads or installs on its own, it turns electron-updater's events into the
 * feature's, and it tells which copies of the app cannot update themselves, and why.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { UpdaterEvent } from '../../../../src-main/features/updates';
import {
  electronUpdaterPort,
  resolveUpdater,
  whyNoUpdates,
  type AppUpdaterLike,
} from '../../../../src-main/shell/electron-updater-port';
import { createRecordingLogger } from '../../support/recording-logger';

class FakeAppUpdater extends EventEmitter implements AppUpdaterLike {
  // electron-updater's own defaults: download as soon as found, install on every quit.
  autoDownload = true;
  autoInstallOnAppQuit = true;
  logger: AppUpdaterLike['logger'] = console;
  checkResult: unknown = { updateInfo: { version: '1.3.0' } };
  checkForUpdates = vi.fn(async () => this.checkResult);
  downloadUpdate = vi.fn(async () => ['/tmp/update']);
}

const installed = {
  isPackaged: true,
  resourcesPath: '/opt/Wallet Desk/resources',
  platform: 'linux' as NodeJS.Platform,
  appImagePath: '/home/me/Wallet-Desk.AppImage',
  fileExists: (path: string) => path === '/opt/Wallet Desk/resources/app-update.yml',
};

describe('electronUpdaterPort', () => {
  it("turns off electron-updater's automatic download and install-on-quit", () => {
    const updater = new FakeAppUpdater();
    electronUpdaterPort(updater, createRecordingLogger());
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });

  it('installs on quit only when told to, and downloads only when asked', async () => {
    const updater = new FakeAppUpdater();
    const port = electronUpdaterPort(updater, createRecordingLogger());
    await port.check();
    expect(updater.downloadUpdate).not.toHaveBeenCalled();
    await port.download();
    expect(updater.downloadUpdate).toHaveBeenCalledOnce();
    port.setInstallOnQuit(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    port.setInstallOnQuit(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });

  it("maps electron-updater's events and stops listening when unsubscribed", () => {
    const updater = new FakeAppUpdater();
    const port = electronUpdaterPort(updater, createRecordingLogger());
    const seen: UpdaterEvent[] = [];
    const unsubscribe = port.subscribe((event) => seen.push(event));
    updater.emit('checking-for-update');
    updater.emit('update-available', { version: '1.3.0', files: [] });
    updater.emit('download-progress', { percent: 12.5, transferred: 1, total: 8 });
    updater.emit('update-downloaded', { version: '1.3.0', downloadedFile: '/tmp/x' });
    updater.emit('update-not-available', { version: '1.2.0' });
    updater.emit('error', new Error('sha512 checksum mismatch'));
    expect(seen).toEqual([
      { type: 'checking' },
      { type: 'available', version: '1.3.0' },
      { type: 'progress', percent: 12.5 },
      { type: 'downloaded', version: '1.3.0' },
      { type: 'not-available' },
      { type: 'error', message: 'sha512 checksum mismatch' },
    ]);
    unsubscribe();
    expect(updater.listenerCount('update-available')).toBe(0);
    expect(updater.listenerCount('error')).toBe(0);
  });

  it('treats an inactive electron-updater (check answered null) as a failed check, not "up to date"', async () => {
    const updater = new FakeAppUpdater();
    updater.checkResult = null;
    await expect(electronUpdaterPort(updater, createRecordingLogger()).check()).rejects.toThrow(/inactive/);
  });

  it("routes electron-updater's log lines to the app's (redacting) logger", () => {
    const updater = new FakeAppUpdater();
    const logger = createRecordingLogger();
    electronUpdaterPort(updater, logger);
    updater.logger?.info('Checking for update');
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'info', details: { message: 'Checking for update' } }),
    );
  });
});

describe('whyNoUpdates', () => {
  it('lets an installed AppImage, deb, Windows or macOS build with app-update.yml update itself', () => {
    expect(whyNoUpdates(installed)).toBeNull();
    const deb = { ...installed, appImagePath: undefined, fileExists: () => true };
    expect(whyNoUpdates(deb)).toBeNull();
    expect(whyNoUpdates({ ...installed, platform: 'win32', appImagePath: undefined })).toBeNull();
    expect(whyNoUpdates({ ...installed, platform: 'darwin', appImagePath: undefined })).toBeNull();
  });

  it('says why a development run, a build without an update server, or an unpacked Linux copy does not', () => {
    expect(whyNoUpdates({ ...installed, isPackaged: false })).toMatch(/development run/);
    expect(whyNoUpdates({ ...installed, fileExists: () => false })).toMatch(/no update server configured/);
    expect(whyNoUpdates({ ...installed, appImagePath: undefined })).toMatch(/AppImage or the \.deb/);
  });
});

describe('resolveUpdater', () => {
  it('does not load electron-updater at all when there is nothing to update from', async () => {
    const loadUpdater = vi.fn(async () => new FakeAppUpdater());
    const result = await resolveUpdater({
      ...installed,
      fileExists: () => false,
      loadUpdater,
      logger: createRecordingLogger(),
    });
    expect(result).toEqual({ configured: false, reason: expect.stringMatching(/no update server/) });
    expect(loadUpdater).not.toHaveBeenCalled();
  });

  it('wires the loaded updater when the build has an update server', async () => {
    const updater = new FakeAppUpdater();
    const result = await resolveUpdater({
      ...installed,
      loadUpdater: async () => updater,
      logger: createRecordingLogger(),
    });
    expect(result.configured).toBe(true);
    expect(updater.autoDownload).toBe(false);
  });

  it('keeps the app running without updates when the updater cannot be loaded', async () => {
    const logger = createRecordingLogger();
    const result = await resolveUpdater({
      ...installed,
      loadUpdater: async () => {
        throw new Error('Cannot find module electron-updater');
      },
      logger,
    });
    expect(result).toEqual({ configured: false, reason: expect.stringMatching(/could not be started/) });
    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error' }));
  });
});
