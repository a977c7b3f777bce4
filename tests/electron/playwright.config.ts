import { defineConfig } from '@playwright/test';

/**
 * The Electron smoke test (`npm run test:electron`, also run by `npm test`): the built app in the real
 * Electron runtime. Where the runtime cannot be downloaded it skips with one line saying so.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  timeout: 90_000,
  reporter: [['list']],
  outputDir: '../../test-results/electron',
});
