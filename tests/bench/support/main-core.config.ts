import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import * as app from '../../../electron.vite.config';
import { mainCoreDir } from './main-core-dir';

const root = resolve(import.meta.dirname, '../../..');
// Looked up rather than imported by name: the A/B mode (support/ab.ts) runs this file against older commits
// too, whose config may not have the plugins yet, and the build must then be theirs, not fail.
// Said aloud: on this work tree's own commit a renamed export would otherwise measure a build that is not the app's.
if (!('mainPlugins' in app)) console.warn('[bench] main core: this commit has no mainPlugins; built without plugins');
const plugins = 'mainPlugins' in app ? app.mainPlugins(root) : [];

/**
 * The main build of electron.vite.config.ts (same electron-vite defaults: Node target, ESM, dependencies
 * external but those the app bundles) with src-main/app-core.ts as its only entry: the main process minus the Electron shell.
 * The output stays in node_modules/.cache, outside out/, so no lint, format or security gate scans it, in a
 * folder of this checkout's own (main-core-dir.ts).
 */
export default defineConfig({
  main: {
    plugins,
    build: {
      outDir: mainCoreDir(root),
      externalizeDeps: app.mainBundledDeps,
      rolldownOptions: {
        input: { 'app-core': resolve(root, 'src-main/app-core.ts') },
        ...('mainOutput' in app ? { output: app.mainOutput } : {}),
      },
    },
  },
});
