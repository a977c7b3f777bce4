import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { mainBundledDeps } from '../../../electron.vite.config';
import { contractNames } from '../../../src-preload/contract';

const root = resolve(import.meta.dirname, '../../..');
/** Beside out/main, so the shell finds out/renderer where it looks (../renderer); window-first.ts removes it. */
export const windowFirstDir = resolve(root, 'out/bench-window-first');

/**
 * The app's main build (electron-vite defaults, the same bundled dependencies) of the Electron shell
 * (src-main/index.ts) and of the floor beside it; window-first.ts then points their `electron` import at the
 * stand-in copied beside them (no Electron binary here, and a module hook would skew start-up).
 */
export default defineConfig({
  main: {
    // As electron.vite.config.ts defines it for main; spelled out so an older commit (bench --ab) builds too.
    define: { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) },
    build: {
      outDir: windowFirstDir,
      externalizeDeps: mainBundledDeps,
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/index.ts'),
          floor: resolve(import.meta.dirname, 'electron-stand-in/floor.mjs'),
        },
      },
    },
  },
});
