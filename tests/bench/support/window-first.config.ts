import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import * as app from '../../../electron.vite.config';
import { contractNames } from '../../../src-preload/contract';

const root = resolve(import.meta.dirname, '../../..');
// Looked up rather than imported by name, as main-core.config.ts does: the A/B mode (support/ab.ts) builds older
// commits too, whose config may not have the plugins yet. Without them main's catalogues and the launch view's
// messages stay object literals and parsers, which out/main does not load: said aloud, not measured silently.
if (!('mainPlugins' in app))
  console.warn('[bench] window first: this commit has no mainPlugins; built without plugins');
const plugins = 'mainPlugins' in app ? app.mainPlugins(root) : [];
/** Beside out/main, so the shell finds out/renderer where it looks (../renderer); window-first.ts removes it. */
export const windowFirstDir = resolve(root, 'out/bench-window-first');

/**
 * The app's main build (electron-vite defaults, the same bundled dependencies and plugins) of the Electron shell
 * (src-main/index.ts) and of the floor beside it; window-first.ts then points their `electron` import at the
 * stand-in copied beside them (no Electron binary here, and a module hook would skew start-up).
 */
export default defineConfig({
  main: {
    // As electron.vite.config.ts defines it for main; spelled out so an older commit (bench --ab) builds too.
    define: { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) },
    // The same plugins as out/main (the catalogues and the launch messages as parsed JSON).
    plugins,
    build: {
      outDir: windowFirstDir,
      externalizeDeps: app.mainBundledDeps,
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/index.ts'),
          floor: resolve(import.meta.dirname, 'electron-stand-in/floor.mjs'),
        },
      },
    },
  },
});
