import { contextBridge, ipcRenderer } from 'electron';
import { eventChannel, invokeChannel } from './contract';
import { createWalletApi } from './bridge';

// Only the contract's functions cross into the page: never ipcRenderer, process or any Node API.
contextBridge.exposeInMainWorld(
  'wallet',
  createWalletApi({
    invoke: (operation, input) => ipcRenderer.invoke(invokeChannel(operation), input),
    subscribe: (event, listener) => {
      const channel = eventChannel(event);
      const forward = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => ipcRenderer.removeListener(channel, forward);
    },
  }),
);
