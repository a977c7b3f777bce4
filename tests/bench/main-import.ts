import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'electron-vite';
import { measured, type FigureModule } from './support/figure';
import { elapsedMs } from './support/service-session';
import { summarize } from './support/stats';

/** electron-vite's main build of src-main/app-core.ts alone: the app's composition root without the Electron shell. */
async function buildCore(root: string): Promise<string> {
  await build({ configFile: join(root, 'tests/bench/support/main-core.config.ts'), root, logLevel: 'silent' });
  return join(root, 'node_modules/.cache/wallet-desk-bench/main-core/app-core.js');
}

// Prints how long the import itself took inside the fresh process, for the details.
const IMPORT =
  'const t=performance.now();await import(process.argv[1]);process.stdout.write(String(performance.now()-t))';
const EMPTY = 'process.stdout.write("0")';

function spawnNode(script: string, args: readonly string[]): Promise<{ wallMs: number; reportedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
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

export const mainImport: FigureModule = {
  id: 'main-import',
  async measure({ root, quick, progress }) {
    progress('main-process core: electron-vite build of src-main/app-core.ts');
    const bundle = pathToFileURL(await buildCore(root)).href;
    const runs = quick ? 6 : 20;
    progress(`main-process core: ${runs} cold imports in fresh node processes, each paired with an empty one`);
    await spawnNode(IMPORT, [bundle]); // fills the OS file cache, as a second launch of the app would have it
    const differences: number[] = [];
    const inProcess: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const first = i % 2 === 0;
      const a = first ? await spawnNode(IMPORT, [bundle]) : await spawnNode(EMPTY, []);
      const b = first ? await spawnNode(EMPTY, []) : await spawnNode(IMPORT, [bundle]);
      const withImport = first ? a : b;
      const without = first ? b : a;
      differences.push(withImport.wallMs - without.wallMs);
      inProcess.push(withImport.reportedMs);
      empty.push(without.wallMs);
    }
    return [
      measured(
        {
          id: 'main-core-cold-import',
          title: 'Main core cold import',
          unit: 'ms',
          target: { value: 150 },
          method: `src-main/app-core.ts built by electron-vite with the app's main settings (dependencies external, as in out/main; output kept in node_modules/.cache so no gate scans it); ${runs} fresh \`node\` processes importing it, each minus a paired empty \`node\` process (wall clock, order alternating).`,
          note: `import measured inside the process: median ${summarize(inProcess).median.toFixed(0)} ms; empty node: ${summarize(empty).median.toFixed(0)} ms`,
          details: { inProcessMs: summarize(inProcess), emptyProcessMs: summarize(empty) },
        },
        summarize(differences),
      ),
    ];
  },
};
