import type { UpdateView } from '../../../src-preload/contract/updates';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { UpdaterAvailability, UpdaterEvent, UpdaterPort } from './updater-port';

export interface UpdateService {
  view(): UpdateView;
  /** Checks now, or joins the check under way; an update found starts downloading in the background. */
  check(): Promise<UpdateView>;
  /** The user's answer to installing the downloaded update on quit. */
  setInstallOnQuit(agreed: boolean): UpdateView;
  /** The check every launch makes; never throws (a failure shows in Settings). */
  checkOnStart(): void;
  dispose(): void;
}

export interface UpdateServiceDeps {
  readonly updater: UpdaterAvailability;
  readonly currentVersion: string;
  readonly logger: Logger;
  readonly publish: (view: UpdateView) => void;
  readonly now?: () => Date;
}

function couldNot(what: 'check for updates' | 'download the update', detail: string): string {
  if (what === 'check for updates')
    return detail ? t('mainApp.updates.couldNotCheckWhy', { detail }) : t('mainApp.updates.couldNotCheck');
  return detail ? t('mainApp.updates.couldNotDownloadWhy', { detail }) : t('mainApp.updates.couldNotDownload');
}

/** electron-updater's errors can carry a whole HTML error page; the user gets its first line. */
function shortReason(message: string): string {
  const firstLine = message.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return firstLine.length > 200 ? `${firstLine.slice(0, 199)}…` : firstLine;
}

/**
 * The update cycle: check (on start and on demand), download in the background when the server has a
 * newer version, and install when the app quits only after the user has agreed. Verification of what was
 * downloaded (sha512 from the update metadata; on Windows and macOS the code signature) is electron-updater's,
 * behind the port; a failed verification arrives here as an error.
 */
export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const now = deps.now ?? (() => new Date());
  const availability = deps.updater;
  let state: UpdateView = {
    status: availability.configured ? 'idle' : 'unconfigured',
    currentVersion: deps.currentVersion,
    availableVersion: null,
    downloadPercent: null,
    installOnQuit: false,
    lastCheckedAt: null,
    message: availability.configured ? null : availability.reason,
  };
  let checking: Promise<UpdateView> | null = null;

  function change(next: Partial<UpdateView>): void {
    state = { ...state, ...next };
    deps.publish(state);
  }

  function fail(what: 'check for updates' | 'download the update', error: unknown): void {
    const detail = shortReason(error instanceof Error ? error.message : String(error));
    deps.logger.warn(`update ${what} failed`, { error: detail });
    change({ status: 'error', downloadPercent: null, message: couldNot(what, detail) });
  }

  function download(port: UpdaterPort): void {
    port.download().catch((error: unknown) => {
      // A download that fails after the update was already downloaded (a second event) changes nothing.
      if (state.status === 'downloading') fail('download the update', error);
    });
  }

  function onEvent(port: UpdaterPort, event: UpdaterEvent): void {
    switch (event.type) {
      case 'checking':
        if (state.status !== 'downloading' && state.status !== 'ready') change({ status: 'checking', message: null });
        return;
      case 'available':
        if (state.status === 'downloading' || state.status === 'ready') return;
        change({ status: 'downloading', availableVersion: event.version, downloadPercent: 0, message: null });
        download(port);
        return;
      case 'not-available':
        if (state.status === 'checking') change({ status: 'up-to-date', message: null });
        return;
      case 'progress':
        if (state.status === 'downloading') {
          change({ downloadPercent: Math.min(100, Math.max(0, Math.floor(event.percent))) });
        }
        return;
      case 'downloaded':
        change({ status: 'ready', availableVersion: event.version, downloadPercent: 100, message: null });
        return;
      case 'error':
        if (state.status === 'ready') return;
        fail(state.status === 'downloading' ? 'download the update' : 'check for updates', new Error(event.message));
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown updater event ${JSON.stringify(unknown)}`);
      }
    }
  }

  const unsubscribe = availability.configured
    ? availability.port.subscribe((event) => onEvent(availability.port, event))
    : () => undefined;

  async function runCheck(port: UpdaterPort): Promise<UpdateView> {
    change({ status: 'checking', message: null });
    try {
      await port.check();
      // An updater that answered without saying either way (no events) found nothing to install.
      if (state.status === 'checking') change({ status: 'up-to-date' });
    } catch (error) {
      if (state.status === 'checking' || state.status === 'idle') fail('check for updates', error);
    }
    change({ lastCheckedAt: now().toISOString() });
    return state;
  }

  function check(): Promise<UpdateView> {
    if (!availability.configured) return Promise.resolve(state);
    // Found already: it downloads or waits for the quit; another check would only repeat it.
    if (state.status === 'downloading' || state.status === 'ready') return Promise.resolve(state);
    checking ??= runCheck(availability.port).finally(() => {
      checking = null;
    });
    return checking;
  }

  return {
    view: () => state,
    check,
    setInstallOnQuit(agreed) {
      if (!availability.configured)
        throw new AppError('not_configured', state.message ?? t('mainApp.updates.unavailable'));
      if (state.status !== 'ready') {
        throw new AppError('not_found', t('mainApp.updates.noneDownloaded'));
      }
      availability.port.setInstallOnQuit(agreed);
      change({ installOnQuit: agreed });
      return state;
    },
    checkOnStart() {
      if (availability.configured) void check();
    },
    dispose() {
      unsubscribe();
    },
  };
}
