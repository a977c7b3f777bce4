import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { contractNames } from '../src-preload/contract';

const root = resolve(import.meta.dirname, '..');

export default defineConfig({
  root,
  // As in electron.vite.config.ts: tests that load the real preload get the contract's names the same way.
  define: { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) },
  // Every project extends these; `--project <name>` runs one alone (`npm run test:unit` the units), no flag all.
  test: {
    // Builds out/ when it is missing or stale, for the tests that judge the built app (units and packaging);
    // a current build costs a walk of the sources' times.
    globalSetup: ['tests/tooling/ensure-build.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // Main's catalogues other than English load once chosen; the unit tests switch language at once.
          setupFiles: ['tests/unit/support/main-languages.ts'],
          // Type-level tests (*.test-d.ts, expectTypeOf and @ts-expect-error) are checked by tsc and fail the
          // run like any other test; they are never executed.
          typecheck: {
            enabled: true,
            include: ['tests/unit/**/*.test-d.ts'],
            tsconfig: 'tests/tsconfig.json',
          },
        },
      },
      // The main-process features against the sandbox over loopback.
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
      // The sandbox service itself.
      { extends: true, test: { name: 'sandbox', include: ['tests/sandbox/**/*.test.ts'] } },
      // electron-builder against a stand-in Electron.
      { extends: true, test: { name: 'packaging', include: ['tests/packaging/**/*.test.ts'] } },
    ],
  },
});
