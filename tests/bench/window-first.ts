import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { build } from 'electron-vite';
import { z } from 'zod';
import { ratioFigure, type FigureModule } from './support/figure';
import { summarize } from './support/stats';
import { traceDirectory } from './support/traces';
import { windowFirstDir } from './support/window-first.config';

const Marks = z.object({
  windowCreated: z.number(),
  pageRequestAnswered: z.number(),
  pageFirstBytes: z.number().optional(),
  pageViewServed: z.boolean().optional(),
  bridgeAnswered: z.number().optional(),
});
type Marks = z.infer<typeof Marks>;

/** Builds the shell and the floor with the app's main settings, their `electron` import pointed at the stand-in. */
async function buildShell(root: string): Promise<{ shell: string; floor: string }> {
  await rm(windowFirstDir, { recursive: true, force: true });
  await build({ configFile: join(root, 'tests/bench/support/window-first.config.ts'), root, logLevel: 'silent' });
  await copyFile(
    join(root, 'tests/bench/support/electron-stand-in/electron.mjs'),
    join(windowFirstDir, 'electron.mjs'),
  );
  const entries = { shell: join(windowFirstDir, 'index.js'), floor: join(windowFirstDir, 'floor.js') };
  for (const entry of Object.values(entries)) {
    const source = await readFile(entry, 'utf8');
    const pointed = source.replace(/ from "electron";/, ' from "./electron.mjs";');
    if (pointed === source) throw new Error(`${entry} has no import from "electron"`);
    await writeFile(entry, pointed);
  }
  return entries;
}

/** `profile`: also write a V8 CPU profile of the process to this file (for bench/traces; slows the run). */
function launch(entry: string, args: readonly string[], userData: string, profile?: string): Promise<Marks> {
  const profiling = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${dirname(profile)}`, `--cpu-prof-name=${basename(profile)}`]
    : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...profiling, entry, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', WALLET_DESK_BENCH_USER_DATA: userData },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('BENCH-MARKS '));
      if (code !== 0 || !line) reject(new Error(`${entry} exited with ${code}: ${stderr.slice(-2_000)}`));
      else resolve(Marks.parse(JSON.parse(line.slice('BENCH-MARKS '.length))));
    });
  });
}

/**
 * The Electron shell's start order, in plain Node with the stand-in `electron`
 * (support/electron-stand-in/electron.mjs): process start to the BrowserWindow created and to the page's
 * first request (index.html) answered by app:, against a floor that only creates the window and serves
 * index.html. Interleaved pairs; the same user data folder for every run, as a relaunch has.
 */
export const windowFirst: FigureModule = {
  id: 'window-first',
  async measure({ root, quick, progress }) {
    progress('window first: electron-vite build of the shell with the stand-in electron');
    const entries = await buildShell(root);
    const userData = await mkdtemp(join(tmpdir(), 'wallet-desk-bench-window-'));
    const runs = quick ? 6 : 20;
    const app: Marks[] = [];
    const floor: Marks[] = [];
    try {
      // One warm-up of each fills the OS file cache, as any launch but the first after boot has it.
      await launch(entries.shell, [], userData);
      await launch(entries.floor, [join(root, 'out/renderer')], userData);
      progress(`window first: ${runs} launches of the shell, each paired with the floor`);
      for (let i = 0; i < runs; i += 1) {
        const shellFirst = i % 2 === 0;
        const pair: Marks[] = [];
        for (const which of shellFirst ? ['shell', 'floor'] : ['floor', 'shell'])
          pair.push(
            which === 'shell'
              ? await launch(entries.shell, [], userData)
              : await launch(entries.floor, [join(root, 'out/renderer')], userData),
          );
        app.push(shellFirst ? pair[0]! : pair[1]!);
        floor.push(shellFirst ? pair[1]! : pair[0]!);
      }
      // Where the time goes: one more of each, profiled (not counted).
      const traces = await traceDirectory(root);
      await launch(entries.shell, [], userData, join(traces, 'window-first.cpuprofile'));
      await launch(
        entries.floor,
        [join(root, 'out/renderer')],
        userData,
        join(traces, 'window-first-floor.cpuprofile'),
      );
    } finally {
      await rm(userData, { recursive: true, force: true });
      await rm(windowFirstDir, { recursive: true, force: true });
    }
    const firstBytes = app.flatMap((marks) => (marks.pageFirstBytes === undefined ? [] : [marks.pageFirstBytes]));
    const viewServed = app.filter((marks) => marks.pageViewServed === true).length;
    const bridge = app.flatMap((marks) => (marks.bridgeAnswered === undefined ? [] : [marks.bridgeAnswered]));
    const method =
      'src-main/index.ts built as out/main is (electron-vite, same bundled dependencies) and run by plain `node` with a stand-in `electron` module (tests/bench/support/electron-stand-in); times on the process clock from its start. Floor: a main script that only creates the BrowserWindow and serves index.html over app: (electron-stand-in/floor.mjs), built the same way. Pairs interleaved, order alternating; median of per-pair ratios, for information (the floor reads no settings and starts no logger, which the window of the app needs).';
    return [
      ratioFigure({
        id: 'window-created',
        title: 'Process start → BrowserWindow created',
        method,
        app: app.map((marks) => marks.windowCreated),
        floor: floor.map((marks) => marks.windowCreated),
        note: `the bridge's first answer (app.info, the core ready): median ${summarize(bridge).median.toFixed(0)} ms; CPU profiles of one launch and one floor in bench/traces/window-first*.cpuprofile`,
        details: { bridgeAnsweredMs: summarize(bridge) },
      }),
      ratioFigure({
        id: 'window-first-request',
        title: "Process start → the page's first request answered",
        method,
        app: app.map((marks) => marks.pageRequestAnswered),
        floor: floor.map((marks) => marks.pageRequestAnswered),
        note: `index.html's first bytes (its head, streamed): median ${summarize(firstBytes).median.toFixed(0)} ms; the whole sent with the last known balances in ${viewServed} of ${app.length} launches`,
        details: { pageFirstBytesMs: summarize(firstBytes), viewServed, launches: app.length },
      }),
    ];
  },
};
