import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** The parts of Electronegativity's programmatic result the gate reads (the package ships no types). */
interface Rating {
  readonly value: number;
  readonly name: string;
}
interface Finding {
  readonly id: string;
  readonly file: string;
  readonly location: { readonly line: number; readonly column: number };
  readonly severity: Rating;
  readonly confidence: Rating;
  readonly description: string;
  readonly manualReview: boolean;
}
interface RunResult {
  readonly globalChecks: number;
  readonly atomicChecks: number;
  readonly errors: ReadonlyArray<{ readonly file: string; readonly message: string; readonly tolerable: boolean }>;
  readonly issues: readonly Finding[];
}
type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<RunResult>;

const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity') as Run;
const electronVersion = (require('electron/package.json') as { version: string }).version;

const MEDIUM = 2;
const FIRM = 1;

/**
 * Findings that are "review the use of X" prompts rather than defects, each reviewed here, limited to
 * the file and the number of occurrences we reviewed. Anything new still fails the gate.
 */
const reviewed: ReadonlyArray<{ id: string; file: string; occurrences: number; why: string }> = [
  {
    id: 'PRELOAD_JS_CHECK',
    file: 'main/index.js',
    occurrences: 1,
    why:
      'Fires for every BrowserWindow that has a preload. Ours runs sandboxed and exposes only the contract ' +
      'functions through contextBridge; tests/unit/preload/preload.test.ts proves it (security item 8).',
  },
];

async function scan(input: string): Promise<RunResult> {
  // electronVersionOverride: out/ has no package.json, and without a version the tool assumes 0.1.0 defaults.
  return run({ input, isRelative: true, electronVersionOverride: electronVersion }, false);
}

function blocking(result: RunResult): Finding[] {
  const serious = result.issues.filter((issue) => issue.severity.value >= MEDIUM && issue.confidence.value >= FIRM);
  const remaining = [...serious];
  for (const exception of reviewed) {
    const matches = remaining.filter((issue) => issue.id === exception.id && issue.file === exception.file);
    for (const match of matches.slice(0, exception.occurrences)) remaining.splice(remaining.indexOf(match), 1);
  }
  return remaining;
}

function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map((f) => `${f.id} ${f.severity.name}/${f.confidence.name} ${f.file}:${f.location.line} ${f.description}`)
    .join('\n');
}

/**
 * A copy of out/ that Electronegativity can parse. Its scope analysis (an old estraverse) throws on
 * ES2022 class syntax (`#private` fields, static blocks), and a file that fails to parse is skipped
 * entirely, so its windows and guards would go unchecked. esbuild rewrites only that syntax
 * (target es2021, no bundling, no minifying, names kept), so every call and option literal the checks
 * look at stays exactly as shipped.
 */
async function scannableCopy(outDir: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'wallet-desk-out-'));
  await cp(outDir, copy, { recursive: true });
  const entries = await readdir(copy, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(c|m)?js$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const lowered = await transform(await readFile(path, 'utf8'), {
      loader: 'js',
      target: 'es2021',
      legalComments: 'inline',
    });
    await writeFile(path, lowered.code);
  }
  return copy;
}

describe('Electronegativity on the built app (security item 9)', () => {
  let result: RunResult;
  let copy: string | undefined;

  beforeAll(async () => {
    const build = inject('rendererBuild');
    if (build.error !== null) throw new Error(build.error);
    copy = await scannableCopy(join(root, 'out'));
    result = await scan(copy);
  }, 120_000);
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('ran its checks over the bundles', () => {
    expect(result.atomicChecks).toBeGreaterThan(20);
    expect(result.globalChecks).toBeGreaterThan(3);
    // The main bundle was really analysed (a file that fails to parse is silently skipped): the one
    // reviewed preload finding comes from the main window's options.
    expect(
      result.issues.filter((issue) => issue.id === 'PRELOAD_JS_CHECK' && issue.file === 'main/index.js'),
    ).toHaveLength(1);
  });

  it('parsed every file (no intolerable parse error)', () => {
    expect(result.errors.filter((error) => !error.tolerable)).toEqual([]);
  });

  it('reports nothing of MEDIUM or higher severity with FIRM or higher confidence', () => {
    const found = blocking(result);
    expect(found, describeFindings(found)).toEqual([]);
  });
});

describe('the gate itself', () => {
  let fixture: string;
  beforeAll(async () => {
    fixture = await mkdtemp(join(tmpdir(), 'wallet-desk-eng-'));
    await writeFile(
      join(fixture, 'main.js'),
      [
        "const { BrowserWindow } = require('electron');",
        'const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });',
        "win.loadURL('http://example.com/');",
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await rm(fixture, { recursive: true, force: true });
  });

  it('fails an unisolated, unsandboxed window with no navigation or permission guards', async () => {
    const ids = blocking(await scan(fixture)).map((finding) => finding.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'CONTEXT_ISOLATION_JS_CHECK',
        'SANDBOX_JS_CHECK',
        'LIMIT_NAVIGATION_GLOBAL_CHECK',
        'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
      ]),
    );
  }, 120_000);
});
