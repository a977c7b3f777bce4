import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/browser';

/**
 * The end-to-end stories (`npm run test:e2e`, also run by `npm test`): the built renderer in Debian's
 * Chromium, the real preload logic and main-process features behind the browser harness, against the
 * sandbox. Each file's signed-in app lives as long as the file's group of stories (support/fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Stories in a file run in order and share their signed-in app; files run side by side, one per worker.
  fullyParallel: false,
  // Two cores: each worker runs a sandbox, the app's main-process half and a browser.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A story that fails fails: a retry would hide a race the app has.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  // A web-first assertion ends as soon as the page catches up; the margin is for a loaded machine.
  expect: { timeout: 10_000 },
  outputDir: '../../test-results/e2e',
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // A missing element fails naming its locator, well before the story's own timeout.
    actionTimeout: 20_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS],
    },
  },
});
