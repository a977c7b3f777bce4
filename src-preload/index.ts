import { contextBridge, ipcRenderer } from 'electron';
import { eventChannel, invokeChannel, type ContractNames } from './channels';
import { createWalletApi } from './bridge';
import { askLaunchQuestions } from './launch-asks';
import { applySavedTheme } from './saved-theme';

/** Replaced at build time with the contract's names (electron.vite.config.ts derives them from contract.ts). */
declare const __WALLET_CONTRACT_NAMES__: ContractNames;

const wallet = createWalletApi(
  {
    invoke: (operation, input) => ipcRenderer.invoke(invokeChannel(operation), input),
    subscribe: (event, listener) => {
      const channel = eventChannel(event);
      const forward = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => ipcRenderer.removeListener(channel, forward);
    },
  },
  __WALLET_CONTRACT_NAMES__,
);

/**
 * The app's one page, top-level: the only page its launch questions are for. Electron runs this preload only
 * in the main window's top frame (nodeIntegrationInSubFrames off), which never leaves the app's origin
 * (src-main/window.ts, guardWebContents) and loads only its entry; the browser test harness serves it in
 * front of every page of its origin, bench floors included, which ask for themselves or not at all.
 */
function isAppEntryPage(): boolean {
  if (typeof window === 'undefined') return false;
  return window.location.pathname === '/' || window.location.pathname === '/index.html';
}

// Only the contract's functions cross into the page: never ipcRenderer, process or any Node API.
contextBridge.exposeInMainWorld('wallet', wallet);
if (isAppEntryPage()) {
  applySavedTheme(window.document);
  // The launch's answers, handed over once; the same contract calls as `wallet`, asked now.
  contextBridge.exposeInMainWorld('walletLaunch', askLaunchQuestions(wallet));
}
