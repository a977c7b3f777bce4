import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { contractNames } from '../src-preload/contract';

const root = resolve(import.meta.dirname, '..');

export default defineConfig({
  root,
  // As in electron.vite.config.ts: tests that load the real preload get the contract's names the same way.
  define: { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/sandbox/**/*.test.ts',
            'tests/packaging/**/*.test.ts',
          ],
          // Type-level tests (*.test-d.ts, expectTypeOf and @ts-expect-error) are checked by tsc and fail the
          // run like any other test; they are never executed.
          typecheck: {
            enabled: true,
            include: ['tests/unit/**/*.test-d.ts'],
            tsconfig: 'tests/tsconfig.json',
          },
          // Builds out/ when it is missing or stale, for the tests that judge the built app.
          globalSetup: ['tests/tooling/ensure-build.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
