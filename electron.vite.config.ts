import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(here, 'src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only require('electron'): bundle everything else into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(here, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(here, 'src-renderer/index.html') } },
    },
  },
});
