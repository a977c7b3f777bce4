import { join } from 'node:path';
import { t } from '../i18n/main-text';
import type { UpdaterAvailability, UpdaterPort } from '../features/updates';
import type { Logger } from '../logging/logger';

/**
 * The part of electron-updater's AppUpdater the app uses. Declared here rather than imported so this
 * module (and its tests) never load electron-updater, which needs Electron's `app`.
 */
export interface AppUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: {
    info(message?: unknown): void;
    warn(message?: unknown): void;
    error(message?: unknown): void;
    debug?(message: string): void;
  } | null;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
}

export interface ElectronUpdaterDeps {
  readonly isPackaged: boolean;
  /** process.resourcesPath: where electron-builder writes app-update.yml (and package-type for a deb). */
  readonly resourcesPath: string;
  readonly platform: NodeJS.Platform;
  /** Set by the AppImage runtime to the image's own path; electron-updater replaces that file. */
  readonly appImagePath: string | undefined;
  readonly fileExists: (path: string) => boolean;
  /** electron-updater's autoUpdater, loaded only once it is known to have something to do. */
  readonly loadUpdater: () => Promise<AppUpdaterLike>;
  readonly logger: Logger;
}

/** Why this copy of the app cannot update itself, or null when electron-updater can. */
export function whyNoUpdates(deps: Omit<ElectronUpdaterDeps, 'loadUpdater' | 'logger'>): string | null {
  if (!deps.isPackaged) return t('mainApp.updates.devRun');
  if (!deps.fileExists(join(deps.resourcesPath, 'app-update.yml'))) {
    return t('mainApp.updates.noServer');
  }
  // On Linux electron-updater replaces an AppImage or installs a newer deb; a copy run from an unpacked
  // folder (or a distribution's own package) is updated by whoever put it there.
  if (
    deps.platform === 'linux' &&
    deps.appImagePath === undefined &&
    !deps.fileExists(join(deps.resourcesPath, 'package-type'))
  ) {
    return t('mainApp.updates.notInstalled');
  }
  return null;
}

/**
 * electron-updater behind the feature's port. It neither downloads nor installs on its own: the update
 * feature starts the download when a check finds a newer version, and the install on quit waits for the
 * user's consent.
 */
export function electronUpdaterPort(updater: AppUpdaterLike, logger: Logger): UpdaterPort {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  const text = (message: unknown): string => String(message).slice(0, 500);
  updater.logger = {
    info: (message) => logger.info('updater', { message: text(message) }),
    warn: (message) => logger.warn('updater', { message: text(message) }),
    error: (message) => logger.error('updater', { message: text(message) }),
    debug: (message) => logger.debug('updater', { message: text(message) }),
  };
  return {
    async check() {
      // null: electron-updater considers itself inactive here (whyNoUpdates should have said so).
      if ((await updater.checkForUpdates()) === null) throw new Error('the updater is inactive in this copy');
    },
    async download() {
      await updater.downloadUpdate();
    },
    setInstallOnQuit(enabled) {
      updater.autoInstallOnAppQuit = enabled;
    },
    subscribe(listener) {
      const versionOf = (info: unknown): string => {
        const version = (info as { version?: unknown } | null)?.version;
        return typeof version === 'string' ? version.slice(0, 100) : 'unknown';
      };
      const handlers: Record<string, (...args: unknown[]) => void> = {
        'checking-for-update': () => listener({ type: 'checking' }),
        'update-available': (info: unknown) => listener({ type: 'available', version: versionOf(info) }),
        'update-not-available': () => listener({ type: 'not-available' }),
        'download-progress': (progress: unknown) => {
          const percent = (progress as { percent?: unknown } | null)?.percent;
          listener({ type: 'progress', percent: typeof percent === 'number' ? percent : 0 });
        },
        'update-downloaded': (info: unknown) => listener({ type: 'downloaded', version: versionOf(info) }),
        error: (error: unknown) =>
          listener({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
      } satisfies Record<string, (...args: unknown[]) => void>;
      for (const [event, handler] of Object.entries(handlers)) updater.on(event, handler);
      return () => {
        for (const [event, handler] of Object.entries(handlers)) updater.removeListener(event, handler);
      };
    },
  };
}

/** The updater for this copy of the app, or the reason Settings shows instead. Never throws. */
export async function resolveUpdater(deps: ElectronUpdaterDeps): Promise<UpdaterAvailability> {
  try {
    const reason = whyNoUpdates(deps);
    if (reason !== null) return { configured: false, reason };
    return { configured: true, port: electronUpdaterPort(await deps.loadUpdater(), deps.logger) };
  } catch (error) {
    // The app runs on without updates rather than not at all.
    deps.logger.error('could not load the updater', { error: error instanceof Error ? error.message : String(error) });
    return { configured: false, reason: t('mainApp.updates.updaterFailed') };
  }
}
