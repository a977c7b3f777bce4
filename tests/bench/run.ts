/**
 * `npm run bench`: measures what users feel against a local sandbox this command starts itself, prints a
 * table, writes bench/results.json, and exits 1 when a figure misses its target by more than 20 % (or a
 * measurement breaks). `--quick` runs fewer repetitions; `--only=<module id>,...` runs some modules.
 * Not part of the test suite: it takes minutes and wants a quiet machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import { balancesPaint } from './balances-paint';
import { clientOverhead } from './client-overhead';
import { csvExport } from './csv-export';
import { growth } from './growth';
import { historyRender } from './history-render';
import { idleCost } from './idle-cost';
import { journalWrite } from './journal-write';
import { mainImport } from './main-import';
import { presetExport } from './preset-export';
import { rendererMemory } from './renderer-memory';
import { rendererSize } from './renderer-size';
import { sandboxLatency } from './sandbox-latency';
import { settleRound } from './settle-round';
import { ensureBuild } from './support/build';
import { TOLERANCE, type BenchContext, type FigureModule, type FigureResult } from './support/figure';
import { formatTable } from './support/report';

const root = resolve(import.meta.dirname, '../..');

// Cheapest and least noisy first; the browser figures last.
const modules: readonly FigureModule[] = [
  rendererSize,
  journalWrite,
  mainImport,
  sandboxLatency,
  clientOverhead,
  settleRound,
  csvExport,
  presetExport,
  balancesPaint,
  historyRender,
  rendererMemory,
  idleCost,
  // Last: it seeds histories of up to a million records and exports each (about a minute or more).
  growth,
];

function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** The commit measured, and whether the work tree had changes on top of it. */
function revision(): { commit: string; dirty: boolean } | null {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return null;
  }
}

function parseArgs(argv: readonly string[]): { quick: boolean; only: Set<string> | null } {
  const only = argv.find((arg) => arg.startsWith('--only='));
  const unknown = argv.filter((arg) => arg !== '--quick' && !arg.startsWith('--only='));
  if (unknown.length > 0) throw new Error(`unknown argument(s): ${unknown.join(' ')} (use --quick, --only=<id>,...)`);
  return {
    quick: argv.includes('--quick'),
    only: only ? new Set(only.slice('--only='.length).split(',').filter(Boolean)) : null,
  };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const selected = modules.filter((module) => !args.only || args.only.has(module.id));
  if (selected.length === 0) throw new Error(`no module matches --only; ids: ${modules.map((m) => m.id).join(', ')}`);
  await ensureBuild(root, progress);
  // The bench measures speed, not throttling: hundreds of back-to-back calls would otherwise meet the
  // sandbox's token bucket (300 burst, 100/s) and time its 429s instead of its answers.
  const sandbox = await startSandbox({
    port: 0,
    quiet: true,
    rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
  });
  const context: BenchContext = { root, sandbox, quick: args.quick, progress };
  const figures: FigureResult[] = [];
  const started = new Date();
  // The machine is shared: the load around the run says how far to trust its timings.
  const loadAtStart = loadavg()[0]!;
  try {
    for (const module of selected) {
      try {
        figures.push(...(await module.measure(context)));
      } catch (error) {
        progress(`${module.id} broke: ${error instanceof Error ? error.message : String(error)}`);
        figures.push({
          id: module.id,
          title: module.id,
          unit: '',
          summary: null,
          verdict: 'error',
          method: 'see note',
          note: error instanceof Error ? error.message.split('\n')[0]! : String(error),
        });
      }
    }
  } finally {
    await sandbox.close();
  }

  const loadAtEnd = loadavg()[0]!;
  process.stdout.write(`${formatTable(figures)}\n`);
  process.stdout.write(
    `\nLoad average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end, on ${cpus().length} CPUs.\n`,
  );
  await mkdir(join(root, 'bench'), { recursive: true });
  const resultsPath = join(root, 'bench/results.json');
  await writeFile(
    resultsPath,
    `${JSON.stringify(
      {
        startedAt: started.toISOString(),
        finishedAt: new Date().toISOString(),
        quick: args.quick,
        tolerance: TOLERANCE,
        revision: revision(),
        machine: {
          node: process.version,
          cpus: cpus().length,
          platform: process.platform,
          loadAverage: { start: loadAtStart, end: loadAtEnd },
        },
        figures,
      },
      null,
      2,
    )}\n`,
  );
  progress(`wrote ${resultsPath}`);
  const failed = figures.filter((figure) => figure.verdict === 'fail' || figure.verdict === 'error');
  if (failed.length > 0) progress(`failed: ${failed.map((figure) => figure.id).join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    progress(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(2);
  },
);
