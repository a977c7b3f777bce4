import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { build } from 'electron-vite';
import { z } from 'zod';
import type { RunningSandbox } from '../../sandbox/server';
import { createKeytarStore } from '../../src-main/keychain/keytar-store';
import { openSettingsStore } from '../../src-main/settings/settings-store';
import { builtInEndpoints } from '../../src-main/settings/environments';
import { startSignedInApp } from '../e2e/support/signed-in-app';
import { notMeasured, ratioFigure, type FigureModule } from './support/figure';
import { summarize } from './support/stats';
import { traceDirectory } from './support/traces';
import { windowFirstDir } from './support/window-first.config';

const Marks = z.object({
  windowCreated: z.number(),
  pageRequested: z.number().optional(),
  pageRequestAnswered: z.number(),
  pageFirstBytes: z.number().optional(),
  pageViewServed: z.boolean().optional(),
  bridgeAnswered: z.number().optional(),
  /** session.get's status once the silent restore has settled (the floor has no bridge). */
  sessionStatus: z.string().optional(),
});
type Marks = z.infer<typeof Marks>;

/** What buildShell made: the two entries, and why the signed-in relaunch cannot be measured on this build, if so. */
interface Shell {
  readonly shell: string;
  readonly floor: string;
  readonly signedInUnmeasurable?: string;
}

/**
 * Builds the shell and the floor with the app's main settings, their `electron` import pointed at the stand-in,
 * and the keychain's `keytar` at the stand-in keytar. A build without the keychain's own chunk (commits before
 * it, which the A/B mode builds) still measures the signed-out launch: only the signed-in relaunch needs the
 * stand-in keychain, so it is reported as not measured rather than run against the machine's real one.
 */
async function buildShell(root: string): Promise<Shell> {
  await rm(windowFirstDir, { recursive: true, force: true });
  await build({ configFile: join(root, 'tests/bench/support/window-first.config.ts'), root, logLevel: 'silent' });
  for (const standIn of ['electron.mjs', 'keytar.mjs'])
    await copyFile(join(root, 'tests/bench/support/electron-stand-in', standIn), join(windowFirstDir, standIn));
  const entries = { shell: join(windowFirstDir, 'index.js'), floor: join(windowFirstDir, 'floor.js') };
  for (const entry of Object.values(entries)) await pointAt(entry, / from "electron";/, ' from "./electron.mjs";');
  // keytar is loaded lazily from the keychain's chunk (src-main/keychain/keytar-store.ts).
  const keychainChunk = (await readdir(join(windowFirstDir, 'chunks'))).find((name) =>
    name.startsWith('create-secret-store-'),
  );
  if (!keychainChunk)
    return {
      ...entries,
      signedInUnmeasurable:
        'this build has no create-secret-store chunk, whose import of keytar the bench points at its stand-in',
    };
  await pointAt(join(windowFirstDir, 'chunks', keychainChunk), /import\("keytar"\)/, 'import("../keytar.mjs")');
  return entries;
}

/** Points one import of a built file at a stand-in; throws when the file has no such import. */
async function pointAt(file: string, pattern: RegExp, replacement: string): Promise<void> {
  const source = await readFile(file, 'utf8');
  const pointed = source.replace(pattern, replacement);
  if (pointed === source) throw new Error(`${file} has no import matching ${String(pattern)}`);
  await writeFile(file, pointed);
}

/**
 * The folder the stand-in's app.getPath answers in (its `userData` subfolder is the app's user data folder) and
 * the keychain file (the stand-in keytar's) of one kind of launch.
 */
interface LaunchState {
  readonly paths: string;
  readonly keychain: string;
}

/**
 * The state a signed-in user relaunches into, made by the app itself: a sign-in through the sandbox's provider
 * in the harness, its keychain the stand-in's file (the refresh token, the balance cache's key) and its user data
 * the folder the shell will use (settings, the encrypted record of the last known balances Home fetched). The
 * shell has no port for the local sandbox, so settings name this sandbox's addresses for that environment.
 */
async function signedInState(folder: string, sandbox: RunningSandbox): Promise<LaunchState> {
  const state = { paths: join(folder, 'paths'), keychain: join(folder, 'keychain.json') };
  // Where the shell keeps settings and the balance cache: app.getPath('userData') of the stand-in.
  const userData = join(state.paths, 'userData');
  await mkdir(userData, { recursive: true });
  const keytar = await import('./support/electron-stand-in/keytar.mjs');
  const signedIn = await startSignedInApp({
    sandbox,
    secrets: createKeytarStore(keytar.keychainAt(state.keychain)),
    userDataDir: userData,
  });
  await signedIn.close();
  const endpoints = builtInEndpoints('local-sandbox', Number(new URL(sandbox.origin).port));
  if (!endpoints) throw new Error('the local sandbox has no built-in endpoints');
  const settings = await openSettingsStore(userData);
  await settings.update((current) => ({
    ...current,
    environments: { ...current.environments, 'local-sandbox': endpoints },
  }));
  return state;
}

/** `profile`: also write a V8 CPU profile of the process to this file (for bench/traces; slows the run). */
function launch(entry: string, args: readonly string[], state: LaunchState, profile?: string): Promise<Marks> {
  const profiling = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${dirname(profile)}`, `--cpu-prof-name=${basename(profile)}`]
    : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...profiling, entry, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        WALLET_DESK_BENCH_USER_DATA: state.paths,
        WALLET_DESK_BENCH_KEYCHAIN: state.keychain,
      },
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

type Kind = 'signed out' | 'signed in' | 'floor';

/** The median of some marks, or null when no launch noted them. */
function medianOf(values: readonly (number | undefined)[]): number | null {
  const noted = values.flatMap((value) => (value === undefined ? [] : [value]));
  return noted.length > 0 ? summarize(noted).median : null;
}

/**
 * The Electron shell's start order, in plain Node with the stand-in `electron`
 * (support/electron-stand-in/electron.mjs) and `keytar` (keytar.mjs): process start to the BrowserWindow created
 * and to the page's first request (index.html) answered by app:, against a floor that only creates the window and
 * serves index.html. Two kinds of launch of the shell: signed out (an empty user data folder and keychain, as the
 * first launch) and signed in (the relaunch a user makes every morning: a stored refresh token and the last known
 * balances, which index.html should carry). Interleaved rounds of the three, the order turning; each kind keeps
 * its folder and keychain from launch to launch, as a relaunch has them.
 */
export const windowFirst: FigureModule = {
  id: 'window-first',
  async measure({ root, sandbox, quick, progress }) {
    progress('window first: electron-vite build of the shell with the stand-in electron and keytar');
    const entries = await buildShell(root);
    const signedInMeasured = entries.signedInUnmeasurable === undefined;
    const folder = await mkdtemp(join(tmpdir(), 'wallet-desk-bench-window-'));
    const runs = quick ? 6 : 20;
    const samples = new Map<Kind, Marks[]>([
      ['signed out', []],
      ['signed in', []],
      ['floor', []],
    ]);
    try {
      const signedOut = { paths: join(folder, 'signed-out'), keychain: join(folder, 'signed-out-keychain.json') };
      let signedIn = signedOut;
      if (signedInMeasured) {
        progress('window first: signing in once through the sandbox provider, for the signed-in relaunches');
        signedIn = await signedInState(join(folder, 'signed-in'), sandbox);
      } else progress(`window first: no signed-in relaunches: ${entries.signedInUnmeasurable}`);
      const renderer = [join(root, 'out/renderer')];
      const launchOf = async (kind: Kind, profile?: string): Promise<Marks> => {
        if (kind === 'floor') return launch(entries.floor, renderer, signedOut, profile);
        const marks = await launch(entries.shell, [], kind === 'signed in' ? signedIn : signedOut, profile);
        // A relaunch that did not restore its session measures a signed-out launch under the signed-in name.
        if (kind === 'signed in' && marks.sessionStatus !== 'signed-in')
          throw new Error(`a signed-in relaunch of the shell ended ${marks.sessionStatus ?? 'without a session'}`);
        return marks;
      };
      const kinds: Kind[] = signedInMeasured ? ['signed out', 'signed in', 'floor'] : ['signed out', 'floor'];
      // One warm-up of each fills the OS file cache, as any launch but the first after boot has it.
      for (const kind of kinds) await launchOf(kind);
      progress(`window first: ${runs} rounds of a signed-out and a signed-in launch of the shell and the floor`);
      for (let run = 0; run < runs; run += 1) {
        for (const kind of kinds.map((_, index) => kinds[(index + run) % kinds.length]!))
          samples.get(kind)!.push(await launchOf(kind));
      }
      // Where the time goes: one more of each, profiled (not counted).
      const traces = await traceDirectory(root);
      await launchOf('signed out', join(traces, 'window-first.cpuprofile'));
      if (signedInMeasured) await launchOf('signed in', join(traces, 'window-first-signed-in.cpuprofile'));
      await launchOf('floor', join(traces, 'window-first-floor.cpuprofile'));
    } finally {
      await rm(folder, { recursive: true, force: true });
      await rm(windowFirstDir, { recursive: true, force: true });
    }
    const app = samples.get('signed out')!;
    const relaunch = samples.get('signed in')!;
    const floor = samples.get('floor')!;
    const firstBytes = app.flatMap((marks) => (marks.pageFirstBytes === undefined ? [] : [marks.pageFirstBytes]));
    const viewServed = app.filter((marks) => marks.pageViewServed === true).length;
    const bridge = app.flatMap((marks) => (marks.bridgeAnswered === undefined ? [] : [marks.bridgeAnswered]));
    const relaunchViews = relaunch.filter((marks) => marks.pageViewServed === true).length;
    // What LAUNCH_BODY_BOUND_MS bounds (src-main/shell/launch-document.ts): the body's wait from the request.
    const bodyAfterRequest = relaunch.map((marks) =>
      marks.pageRequested === undefined ? undefined : marks.pageRequestAnswered - marks.pageRequested,
    );
    const method =
      "src-main/index.ts built as out/main is (electron-vite, same bundled dependencies) and run by plain `node` with a stand-in `electron` module and a stand-in `keytar` keeping its entries in a file (tests/bench/support/electron-stand-in; no Secret Service round trips); times on the process clock from its start. The stand-in's safeStorage says it cannot encrypt, so the shell seals the last known balances with its keychain sealer (AES-256-GCM, the key in the stand-in keytar), where the shipped app uses Electron's safeStorage wherever it really encrypts (src-main/index.ts): the signed-in relaunch opens its record the keychain's way, not safeStorage's. Floor: a main script that only creates the BrowserWindow and serves index.html over app: (electron-stand-in/floor.mjs), built the same way. Rounds of a signed-out launch, a signed-in relaunch and the floor, interleaved, the order turning; median of per-pair ratios, for information (the floor reads no settings and starts no logger, which the window of the app needs).";
    const signedInId = 'window-first-request-signed-in';
    const signedInTitle = "Signed-in relaunch: process start → index.html's body sent";
    const signedInMethod = `${method} Signed in: a sign-in through the sandbox's provider in the harness first, with the stand-in keytar's file as its keychain and the shell's user data folder as its own (the refresh token, the balance cache's key, settings and the encrypted record of the balances Home fetched); each relaunch restores that session against the bench's sandbox and keeps the rotated refresh token for the next.`;
    return [
      ratioFigure({
        id: 'window-created',
        title: 'Process start → BrowserWindow created',
        method,
        app: app.map((marks) => marks.windowCreated),
        floor: floor.map((marks) => marks.windowCreated),
        note: `signed out; the bridge's first answer (app.info, the core ready): median ${summarize(bridge).median.toFixed(0)} ms; CPU profiles of one launch of each kind in bench/traces/window-first*.cpuprofile`,
        details: { bridgeAnsweredMs: summarize(bridge) },
      }),
      ratioFigure({
        id: 'window-first-request',
        title: "Process start → the page's first request answered",
        method,
        app: app.map((marks) => marks.pageRequestAnswered),
        floor: floor.map((marks) => marks.pageRequestAnswered),
        note: `signed out; index.html's first bytes (its head, streamed): median ${summarize(firstBytes).median.toFixed(0)} ms; the whole sent with the last known balances in ${viewServed} of ${app.length} launches`,
        details: { pageFirstBytesMs: summarize(firstBytes), viewServed, launches: app.length },
      }),
      entries.signedInUnmeasurable !== undefined
        ? notMeasured(
            { id: signedInId, title: signedInTitle, unit: '×', method: signedInMethod },
            entries.signedInUnmeasurable,
          )
        : ratioFigure({
            id: signedInId,
            title: signedInTitle,
            method: signedInMethod,
            app: relaunch.map((marks) => marks.pageRequestAnswered),
            floor: floor.map((marks) => marks.pageRequestAnswered),
            note: `the whole sent with the last known balances in ${relaunchViews} of ${relaunch.length} relaunches; the body sent a median ${medianOf(bodyAfterRequest)?.toFixed(0) ?? '?'} ms after the request (bound 250 ms), the head ${medianOf(relaunch.map((marks) => marks.pageFirstBytes))?.toFixed(0) ?? '?'} ms after process start`,
            details: {
              viewServed: relaunchViews,
              launches: relaunch.length,
              pageRequestedMs: medianOf(relaunch.map((marks) => marks.pageRequested)),
              pageFirstBytesMs: medianOf(relaunch.map((marks) => marks.pageFirstBytes)),
              bodyAfterRequestMs: bodyAfterRequest,
              bridgeAnsweredMs: medianOf(relaunch.map((marks) => marks.bridgeAnswered)),
            },
          }),
    ];
  },
};
