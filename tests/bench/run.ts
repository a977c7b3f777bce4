/**
 * `npm run bench`: measures what users feel against a local sandbox this command starts itself, each timed
 * figure against a floor measured beside it in the same run, prints a table, writes bench/results.json
 * (with the machine and the commit), and exits 1 when a figure misses its target by more than 20 % (or a
 * measurement breaks). `--quick` runs fewer repetitions; `--only=<module id>,...` runs some modules;
 * `--results=<file>` writes elsewhere; `--ab <commitA> <commitB>` compares two commits (support/ab.ts).
 * Each module runs in a fresh process of its own (support/module-process.ts), one after the other.
 * Not part of the test suite: it takes minutes.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ensureBuild } from './support/build';
import { modules } from './modules';
import { TOLERANCE, type FigureModule, type FigureResult } from './support/figure';
import { runModuleApart } from './support/module-process';
import { formatTable } from './support/report';
import { runAb } from './support/ab';
import { describeIsolation, isolateBench, type BenchIsolation } from './support/isolation';

const root = resolve(import.meta.dirname, '../..');

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

interface Args {
  readonly quick: boolean;
  readonly only: Set<string> | null;
  readonly results: string;
  readonly ab: readonly [string, string] | null;
}

function parseArgs(argv: readonly string[]): Args {
  const abAt = argv.indexOf('--ab');
  const ab = abAt >= 0 ? ([argv[abAt + 1], argv[abAt + 2]] as const) : null;
  if (ab && (!ab[0] || !ab[1] || ab[0].startsWith('--') || ab[1].startsWith('--')))
    throw new Error('--ab needs two commits: --ab <commitA> <commitB>');
  const rest = abAt >= 0 ? [...argv.slice(0, abAt), ...argv.slice(abAt + 3)] : argv;
  const only = rest.find((arg) => arg.startsWith('--only='));
  const results = rest.find((arg) => arg.startsWith('--results='));
  const unknown = rest.filter(
    (arg) => arg !== '--quick' && !arg.startsWith('--only=') && !arg.startsWith('--results='),
  );
  if (unknown.length > 0)
    throw new Error(
      `unknown argument(s): ${unknown.join(' ')} (use --quick, --only=<id>,..., --results=<file>, --ab <commitA> <commitB>)`,
    );
  return {
    quick: rest.includes('--quick'),
    only: only ? new Set(only.slice('--only='.length).split(',').filter(Boolean)) : null,
    results: results ? resolve(results.slice('--results='.length)) : join(root, 'bench/results.json'),
    ab: ab ? [ab[0]!, ab[1]!] : null,
  };
}

/** What the figures ran on: a ratio means the same anywhere, the absolute times beside it do not. */
function machine(): { cpuModel: string; cores: number; memoryGb: number; node: string; platform: string } {
  const all = cpus();
  return {
    cpuModel: all[0]?.model.trim() ?? 'unknown',
    cores: all.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
  };
}

function load(): { one: number; five: number; fifteen: number } {
  const [one, five, fifteen] = loadavg();
  return { one: one!, five: five!, fifteen: fifteen! };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const selected = modules.filter((module) => !args.only || args.only.has(module.id));
  if (selected.length === 0) throw new Error(`no module matches --only; ids: ${modules.map((m) => m.id).join(', ')}`);
  // Before anything starts, so every process and thread of the run inherits it (A/B's runs too).
  const { isolation, release } = isolateBench();
  progress(`shielded from other work: ${describeIsolation(isolation)}`);
  try {
    return await measureAll(args, selected, isolation);
  } finally {
    release();
  }
}

async function measureAll(args: Args, selected: readonly FigureModule[], isolation: BenchIsolation): Promise<number> {
  if (args.ab)
    return runAb({ root, commits: args.ab, only: selected.map((module) => module.id), quick: args.quick, progress });
  await ensureBuild(root, progress);
  const figures: FigureResult[] = [];
  const started = new Date();
  // The machine is shared: the load around the run says how far to trust its absolute timings.
  const loadAtStart = load();
  for (const module of selected) {
    progress(`${module.id}: in a process of its own`);
    figures.push(
      ...(await runModuleApart({ root, id: module.id, quick: args.quick, nodeFlags: module.nodeFlags ?? [] })),
    );
  }

  const loadAtEnd = load();
  const ran = machine();
  const measuredRevision = revision();
  process.stdout.write(`${formatTable(figures)}\n`);
  process.stdout.write(
    `\n${ran.cpuModel}, ${ran.cores} cores; load average (1 min) ${loadAtStart.one.toFixed(1)} at the start, ${loadAtEnd.one.toFixed(1)} at the end; ${describeIsolation(isolation)}; commit ${measuredRevision ? `${measuredRevision.commit.slice(0, 7)}${measuredRevision.dirty ? ' with changes' : ''}` : 'unknown'}.\n`,
  );
  const resultsPath = args.results;
  await mkdir(dirname(resultsPath), { recursive: true });
  await writeFile(
    resultsPath,
    `${JSON.stringify(
      {
        startedAt: started.toISOString(),
        finishedAt: new Date().toISOString(),
        quick: args.quick,
        tolerance: TOLERANCE,
        revision: measuredRevision,
        machine: { ...ran, loadAverage: { start: loadAtStart, end: loadAtEnd }, isolation },
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
