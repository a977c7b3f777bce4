import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { mainBundledDeps, mainPlugins } from '../../../electron.vite.config';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The main build of electron.vite.config.ts (same electron-vite defaults: Node target, ESM, dependencies
 * external but those the app bundles) with src-main/app-core.ts as its only entry: the main process minus the Electron shell.
 * The output stays in node_modules/.cache, outside out/, so no lint, format or security gate scans it.
 */
export default defineConfig({
  main: {
    plugins: mainPlugins(root),
    build: {
      outDir: resolve(root, 'node_modules/.cache/wallet-desk-bench/main-core'),
      externalizeDeps: mainBundledDeps,
      rolldownOptions: { input: { 'app-core': resolve(root, 'src-main/app-core.ts') } },
    },
  },
});
