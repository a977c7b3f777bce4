/**
 * Vitest global setup of every project: makes sure `out/` holds a build of the current sources
 * before the tests that judge the built app (CSP of out/renderer, Electronegativity on out/) run.
 * It rebuilds only when an output is missing or older than a source file, under a file lock so two test
 * runs never build at once. A failed build does not abort the other tests: it is handed to the
 * build-dependent tests through `inject('rendererBuild')`, which fail with the build's own output.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    rendererBuild: { readonly error: string | null; readonly rebuilt: boolean };
  }
}

const root = resolve(import.meta.dirname, '../..');
const outputs = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((path) =>
  join(root, path),
);
const sources = [
  'src-main',
  'src-preload',
  'src-renderer',
  'resources/locales',
  'electron.vite.config.ts',
  'package.json',
].map((path) => join(root, path));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function isBuildCurrent(): boolean {
  if (!outputs.every((path) => existsSync(path))) return false;
  const oldestOutput = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  return Math.max(...sources.map(newestMtime)) <= oldestOutput;
}

/**
 * Builds out/ with electron-vite when it is missing or older than the sources (also used by `npm run
 * harness`, which serves out/renderer). Never throws: a failed build comes back as its own output.
 */
export function buildIfStale(): { readonly error: string | null; readonly rebuilt: boolean } {
  if (isBuildCurrent()) return { error: null, rebuilt: false };
  try {
    // flock(1) serialises builds across concurrent test runs (electron-vite empties out/ first).
    execFileSync('flock', ['/tmp/wallet-desk-build.lock', 'npx', 'electron-vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 240_000,
    });
    return { error: null, rebuilt: true };
  } catch (failure) {
    const output = failure as { stdout?: Buffer; stderr?: Buffer; message?: string };
    return {
      error:
        `npm run build failed: ${output.stderr?.toString() ?? ''}${output.stdout?.toString() ?? ''}${output.message ?? ''}`.slice(
          0,
          4000,
        ),
      rebuilt: false,
    };
  }
}

export default function setup(project: TestProject): void {
  project.provide('rendererBuild', buildIfStale());
}
