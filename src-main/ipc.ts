import { ipcMain, type BrowserWindow } from 'electron';
import { t } from './i18n/main-text';
import { eventChannel, invokeChannel, type ContractNames } from '../src-preload/channels';
import type { EventName } from '../src-preload/contract';
import { fail } from '../src-preload/result';
import type { Dispatch } from './dispatch';
import { isTrustedSenderFrame, type AppOrigin } from './shell/app-origin';

/** Set by the build (electron.vite.config.ts, tests/vitest.config.ts): the contract's names, without its schemas. */
declare const __WALLET_CONTRACT_NAMES__: ContractNames;

export interface IpcBindingOptions {
  readonly dispatch: Dispatch;
  readonly app: Pick<AppOrigin, 'isAppUrl'>;
  readonly onForbidden?: (operation: string, frameUrl: string | null) => void;
}

/**
 * Binds every operation of the contract to `ipcMain.handle`, so no channel is typed by hand and
 * nothing outside the contract has a handler. Each call is checked for its sender frame first (only
 * the app's own top-level page), then handed to the dispatcher, which parses the argument with zod and
 * always resolves to a result union: nothing throws across the bridge. Returns an unbind function.
 */
export function bindIpc(options: IpcBindingOptions): () => void {
  const channels: string[] = [];
  for (const operation of __WALLET_CONTRACT_NAMES__.operations) {
    const channel = invokeChannel(operation);
    ipcMain.handle(channel, async (event, input: unknown) => {
      const frame = event.senderFrame;
      if (!isTrustedSenderFrame(frame, options.app)) {
        options.onForbidden?.(operation, frame ? frame.url : null);
        return fail({ code: 'forbidden_sender', message: t('mainApp.bridge.notFromWindow') });
      }
      return options.dispatch(operation, input);
    });
    channels.push(channel);
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/**
 * Main-to-renderer events go to the main window's page only (never broadcast to every webContents),
 * and are dropped when the window is gone. Pair with `createEmitter` from dispatch.ts, which checks the
 * payload against the contract.
 */
export function createEventSender(
  getMainWindow: () => BrowserWindow | null,
): (event: EventName, payload: unknown) => void {
  return (event, payload) => {
    const window = getMainWindow();
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return;
    window.webContents.send(eventChannel(event), payload);
  };
}
