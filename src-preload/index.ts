import { contextBridge, ipcRenderer } from 'electron';
import { eventChannel, invokeChannel, type ContractNames } from './channels';
import { createWalletApi } from './bridge';

/** Replaced at build time with the contract's names (electron.vite.config.ts derives them from contract.ts). */
declare const __WALLET_CONTRACT_NAMES__: ContractNames;

// Only the contract's functions cross into the page: never ipcRenderer, process or any Node API.
contextBridge.exposeInMainWorld(
  'wallet',
  createWalletApi(
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
  ),
);
