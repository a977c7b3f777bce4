import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile, mkdir, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { runQuietly } from './build';

const Results = z.object({
  revision: z.object({ commit: z.string(), dirty: z.boolean() }).nullable(),
  machine: z.object({
    loadAverage: z.object({ start: z.object({ one: z.number() }), end: z.object({ one: z.number() }) }),
  }),
  figures: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      unit: z.string(),
      verdict: z.string(),
      summary: z.object({ median: z.number() }).nullable(),
      absolute: z.object({ unit: z.string(), app: z.object({ median: z.number() }) }).optional(),
    }),
  ),
});
type Results = z.infer<typeof Results>;

export interface AbOptions {
  readonly root: string;
  readonly commits: readonly [string, string];
  /** Module ids to run (the figures the change is about). */
  readonly only: readonly string[];
  readonly quick: boolean;
  readonly progress: (message: string) => void;
  /** How many times each build runs the modules, alternating which goes first. */
  readonly rounds?: number;
}

function removeWorktree(root: string, dir: string): void {
  execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
}

interface Build {
  readonly label: 'A' | 'B';
  readonly commit: string;
  readonly dir: string;
}

/**
 * A temporary worktree of `commit` with this work tree's tests/bench in it (the same instrument measures
 * both), the shared node_modules linked in, and out/ built.
 */
async function prepare(
  root: string,
  label: 'A' | 'B',
  commit: string,
  progress: AbOptions['progress'],
): Promise<Build> {
  const full = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const dir = await mkdtemp(join(tmpdir(), `wallet-desk-bench-${label}-`));
  execFileSync('git', ['worktree', 'add', '--detach', dir, full], { cwd: root, stdio: 'ignore' });
  try {
    await symlink(await realpath(join(root, 'node_modules')), join(dir, 'node_modules'));
    await rm(join(dir, 'tests/bench'), { recursive: true, force: true });
    await cp(join(root, 'tests/bench'), join(dir, 'tests/bench'), { recursive: true });
    progress(`A/B: building ${label} (${full.slice(0, 7)}) in ${dir}`);
    await runQuietly('npx', ['electron-vite', 'build'], dir);
  } catch (error) {
    removeWorktree(root, dir);
    throw error;
  }
  return { label, commit: full, dir };
}

async function measure(build: Build, options: AbOptions, round: number): Promise<Results> {
  const file = join(build.dir, `bench/ab-${round}.json`);
  options.progress(`A/B: round ${round + 1}, ${build.label} (${build.commit.slice(0, 7)}): ${options.only.join(', ')}`);
  const args = ['tsx', 'tests/bench/run.ts', `--only=${options.only.join(',')}`, `--results=${file}`];
  if (options.quick) args.push('--quick');
  // A figure that misses its target exits 1; the comparison wants the numbers all the same.
  await runQuietly('npx', args, build.dir).catch((error: unknown) => {
    options.progress(`A/B: ${build.label} reported a miss or a break: ${String(error).split('\n')[0]}`);
  });
  return Results.parse(JSON.parse(await readFile(file, 'utf8')));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function number(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/**
 * `npm run bench -- --ab <commitA> <commitB> [--only=...] [--quick]`: both commits built in temporary
 * worktrees and measured by this work tree's bench, the selected modules run build after build, the order
 * alternating each round, so the machine's load falls on both alike. Prints, per figure, A's and B's
 * medians over the rounds and B / A; writes bench/ab-results.json. Returns 0 unless a run broke.
 */
export async function runAb(options: AbOptions): Promise<number> {
  const rounds = options.rounds ?? 2;
  const builds: Build[] = [];
  try {
    builds.push(await prepare(options.root, 'A', options.commits[0], options.progress));
    builds.push(await prepare(options.root, 'B', options.commits[1], options.progress));
    const runs = new Map<'A' | 'B', Results[]>([
      ['A', []],
      ['B', []],
    ]);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) runs.get(build.label)!.push(await measure(build, options, round));
    }
    const first = runs.get('A')![0]!;
    const rows = first.figures.map((figure) => {
      const of = (label: 'A' | 'B'): { ratio: number | null; absolute: number | null } => {
        const found = runs
          .get(label)!
          .map((result) => result.figures.find((candidate) => candidate.id === figure.id))
          .filter((candidate) => candidate?.summary);
        return {
          ratio: found.length > 0 ? median(found.map((candidate) => candidate!.summary!.median)) : null,
          absolute: found.every((candidate) => candidate!.absolute)
            ? median(found.map((candidate) => candidate!.absolute!.app.median))
            : null,
        };
      };
      const a = of('A');
      const b = of('B');
      return { id: figure.id, title: figure.title, unit: figure.unit, absoluteUnit: figure.absolute?.unit, a, b };
    });
    const lines = [
      `A = ${builds[0]!.commit.slice(0, 7)}, B = ${builds[1]!.commit.slice(0, 7)}; ${rounds} rounds, order alternating; medians over the rounds.`,
      '',
      ...rows.map((row) => {
        const show = (value: number | null, unit: string | undefined): string =>
          value === null ? 'n/a' : `${number(value)} ${unit ?? ''}`.trim();
        const change =
          row.a.ratio !== null && row.b.ratio !== null ? ` (B / A ${number(row.b.ratio / row.a.ratio)})` : '';
        const times =
          row.absoluteUnit !== undefined
            ? `; app time A ${show(row.a.absolute, row.absoluteUnit)}, B ${show(row.b.absolute, row.absoluteUnit)}`
            : '';
        return `- ${row.title}: A ${show(row.a.ratio, row.unit)}, B ${show(row.b.ratio, row.unit)}${change}${times}`;
      }),
      '',
      'Load average (1 min) at each run start: ' +
        builds
          .map(
            (build) =>
              `${build.label} ${runs
                .get(build.label)!
                .map((r) => r.machine.loadAverage.start.one.toFixed(1))
                .join(', ')}`,
          )
          .join('; '),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    await mkdir(join(options.root, 'bench'), { recursive: true });
    await writeFile(
      join(options.root, 'bench/ab-results.json'),
      `${JSON.stringify({ commits: builds.map((build) => ({ label: build.label, commit: build.commit })), rounds, rows, runs: Object.fromEntries(runs) }, null, 2)}\n`,
    );
    return 0;
  } finally {
    for (const build of builds) removeWorktree(options.root, build.dir);
  }
}
