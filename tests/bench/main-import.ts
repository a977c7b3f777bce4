import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'electron-vite';
import { ratioFigure, type FigureModule } from './support/figure';
import { mainCoreDir } from './support/main-core-dir';
import { elapsedMs } from './support/service-session';
import { summarize } from './support/stats';
import { traceDirectory } from './support/traces';

/** electron-vite's main build of src-main/app-core.ts alone: the app's composition root without the Electron shell. */
async function buildCore(root: string): Promise<string> {
  await build({ configFile: join(root, 'tests/bench/support/main-core.config.ts'), root, logLevel: 'silent' });
  const outDir = mainCoreDir(root);
  // out/main lies in the app's package ("type": "module"), so Node loads its chunks as ES modules at once.
  // Under node_modules Node finds no package scope and detects each chunk's format, compiling it as
  // CommonJS first: some 10 ms of CPU the app never spends, measured as the core's.
  await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
  return join(outDir, 'app-core.js');
}

// Prints how long the import itself took inside the fresh process, for the details.
const IMPORT =
  'const t=performance.now();await import(process.argv[1]);process.stdout.write(String(performance.now()-t))';
const EMPTY = 'process.stdout.write("0")';

/**
 * `cwd` matters for bare package names: evaluated code resolves them from the working directory. `flags` go
 * to node itself (the CPU profile of the trace).
 */
function spawnNode(
  script: string,
  args: readonly string[],
  cwd?: string,
  flags: readonly string[] = [],
): Promise<{ wallMs: number; reportedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd === undefined ? {} : { cwd }),
      env: { PATH: process.env.PATH ?? '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = elapsedMs(started);
      if (code !== 0) reject(new Error(`node exited with ${code}: ${stderr.slice(-2_000)}`));
      else resolve({ wallMs, reportedMs: Number(stdout) });
    });
  });
}

/** The packages the bundle leaves external (bare `import … from "pkg"` at its top, Node built-ins aside). */
async function externalPackages(bundlePath: string): Promise<string[]> {
  const source = await readFile(bundlePath, 'utf8');
  const found = [...source.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$/gm)].map((match) => match[1]!);
  return [...new Set(found.filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.')))];
}

export const mainImport: FigureModule = {
  id: 'main-import',
  async measure({ root, quick, progress }) {
    progress('main-process core: electron-vite build of src-main/app-core.ts');
    const bundlePath = await buildCore(root);
    const bundle = pathToFileURL(bundlePath).href;
    const runs = quick ? 6 : 20;
    progress(`main-process core: ${runs} cold imports in fresh node processes, each paired with an empty one`);
    await spawnNode(IMPORT, [bundle]); // fills the OS file cache, as a second launch of the app would have it
    const differences: number[] = [];
    const inProcess: number[] = [];
    const empty: number[] = [];
    const withImports: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const first = i % 2 === 0;
      const a = first ? await spawnNode(IMPORT, [bundle]) : await spawnNode(EMPTY, []);
      const b = first ? await spawnNode(EMPTY, []) : await spawnNode(IMPORT, [bundle]);
      const withImport = first ? a : b;
      const without = first ? b : a;
      differences.push(withImport.wallMs - without.wallMs);
      withImports.push(withImport.wallMs);
      inProcess.push(withImport.reportedMs);
      empty.push(without.wallMs);
    }
    // Where the time goes: a V8 CPU profile of one more cold import, sampled every 0.1 ms (the whole import
    // is some tens of ms), outside the measured pairs since profiling slows it.
    await spawnNode(IMPORT, [bundle], undefined, [
      '--cpu-prof',
      '--cpu-prof-interval=100',
      `--cpu-prof-dir=${await traceDirectory(root)}`,
      '--cpu-prof-name=main-import.cpuprofile',
    ]);
    // And each external package imported alone in a fresh process (they share some
    // dependencies, so these do not add up to the whole).
    const byPackage: Record<string, number> = {};
    for (const name of await externalPackages(bundlePath)) {
      const times: number[] = [];
      for (let i = 0; i < (quick ? 1 : 3); i += 1) times.push((await spawnNode(IMPORT, [name], root)).reportedMs);
      byPackage[name] = Math.round(summarize(times).median);
    }
    const heaviest = Object.entries(byPackage)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(', ');
    return [
      ratioFigure({
        id: 'main-core-cold-import',
        title: 'Main core cold import: node + import over an empty node',
        target: { value: 2 },
        method: `src-main/app-core.ts built by electron-vite with the app's main settings (as out/main: the start-up dependencies the app bundles inside, the rest external; output kept in node_modules/.cache so no gate scans it); ${runs} fresh \`node\` processes importing it, each paired with an empty \`node\` process, its floor (wall clock, order alternating); median of per-pair ratios.`,
        app: withImports,
        floor: empty,
        note: `import alone (paired difference): median ${summarize(differences).median.toFixed(0)} ms; measured inside the process: median ${summarize(inProcess).median.toFixed(0)} ms; heaviest external packages alone: ${heaviest || 'none imported at start-up'}; CPU profile of one import in bench/traces/main-import.cpuprofile`,
        details: { differenceMs: summarize(differences), inProcessMs: summarize(inProcess), packageAloneMs: byPackage },
      }),
    ];
  },
};
