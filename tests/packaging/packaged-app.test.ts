/**
 * "Proof here": the unpacked Linux app built by electron-builder from package.json's "build"
 * configuration, through `npm run dist`'s own script, against a stand-in Electron (no download) whose
 * fuse wire is laid out as in the real binary. What is inside app.asar, what is unpacked beside it, the
 * update channel and the fuses are all read back from the result.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import asar from '@electron/asar';
import { FuseV1Options } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuseStates } from '../../resources/build/fuses.mjs';
import { createStandInElectronDist, electronDefaultWire, readWire } from './stand-in-electron';

const root = join(import.meta.dirname, '../..');
const updateUrl = 'https://updates.wallet-desk.test/stable/';
const run = promisify(execFile);

interface PackageJson {
  readonly name: string;
  readonly main: string;
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
  readonly build: { readonly linux: { readonly executableName: string } };
}
interface LockEntry {
  readonly version: string;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly peer?: boolean;
}

let work: string;
let appOutDir: string;
let asarPath: string;
let entries: string[];
let buildLog: string;
const packageJson = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as PackageJson;

async function filesUnder(directory: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(relative(root, join(entry.parentPath, entry.name)));
  }
  return found;
}

/** Every installed package the app needs at run time: the lock file's non-dev closure, as name@version. */
async function productionPackages(): Promise<Set<string>> {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const wanted = new Set<string>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || entry.devOptional || entry.peer) continue;
    // Optional packages for other platforms are in the lock file but not on disk, and not in the app.
    if (!existsSync(join(root, path))) continue;
    wanted.add(`${path.replace(/^.*node_modules\//, '')}@${entry.version}`);
  }
  return wanted;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'wallet-desk-packaging-'));
  const electronDist = await createStandInElectronDist(join(work, 'electron-dist'));
  const output = join(work, 'dist');
  const { stdout, stderr } = await run(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'resources/scripts/dist.ts',
      '--linux',
      'dir',
      '--x64',
      `-c.electronDist=${electronDist}`,
      // Rebuilding keytar for Electron needs Electron's headers from outside the npm registry; the
      // build that ships rebuilds it (npmRebuild is true in package.json).
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    {
      cwd: root,
      env: { ...process.env, WALLET_DESK_UPDATE_URL: updateUrl, CI: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  buildLog = stdout + stderr;
  appOutDir = join(output, 'linux-unpacked');
  asarPath = join(appOutDir, 'resources/app.asar');
  entries = asar.listPackage(asarPath, { isPack: false }).map((entry) => entry.replace(/^[/\\]/, ''));
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the unpacked Linux app (electron-builder --dir, stand-in Electron)', () => {
  it('holds exactly the built main, preload and renderer, the window icon and package.json outside node_modules', async () => {
    const built = [
      ...(await filesUnder(join(root, 'out/main'))),
      ...(await filesUnder(join(root, 'out/preload'))),
      ...(await filesUnder(join(root, 'out/renderer'))),
    ].filter((file) => !file.endsWith('.map'));
    const appFiles = entries.filter(
      (entry) => !entry.startsWith('node_modules') && !(asar.statFile(asarPath, entry) as { files?: unknown }).files,
    );
    expect(appFiles.sort()).toEqual(['package.json', 'resources/icons/png/512x512.png', ...built].sort());
    const packed = JSON.parse(asar.extractFile(asarPath, 'package.json').toString('utf8')) as PackageJson;
    expect(entries).toContain(packed.main);
    // The window icon path the built main computes (relative to out/main) lands on the icon inside app.asar.
    const main = asar.extractFile(asarPath, 'out/main/index.js').toString('utf8');
    const iconUrl = /new URL\(["']([^"']*512x512\.png)["'], import\.meta\.url\)/.exec(main)?.[1];
    expect(iconUrl).toBeDefined();
    expect(entries).toContain(posix.join('out/main', iconUrl ?? ''));
  });

  it('holds exactly the production dependencies, none of the dev dependencies', async () => {
    const packageDirs = entries.filter(
      (entry) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+$/.test(entry) && entries.includes(`${entry}/package.json`),
    );
    const packed = new Set(
      packageDirs.map((dir) => {
        const manifest = JSON.parse(asar.extractFile(asarPath, `${dir}/package.json`).toString('utf8')) as {
          name: string;
          version: string;
        };
        return `${manifest.name}@${manifest.version}`;
      }),
    );
    expect(packed).toEqual(await productionPackages());
    for (const name of Object.keys(packageJson.dependencies)) expect(entries).toContain(`node_modules/${name}`);
    // Bundled by Vite (renderer, preload, and zod/decimal.js into main) or build-only: never shipped.
    for (const name of ['react', 'react-dom', 'zustand', 'qrcode', 'zod', 'decimal.js', 'electron', 'vitest']) {
      expect(packageJson.devDependencies).toHaveProperty([name]);
      expect(entries).not.toContain(`node_modules/${name}`);
    }
  });

  it('has no sources, tests, sandbox, source maps or secrets inside', async () => {
    const forbidden = entries.filter(
      (entry) =>
        /^(src-main|src-preload|src-renderer|sandbox|tests|bench|\.harness-data|test-results|dist)(\/|$)/.test(entry) ||
        /\.(map|[mc]?tsx?|pem|key|p12|pfx)$/.test(entry) ||
        /(^|\/)(\.env[^/]*|settings\.json|\.npmrc|builder-effective-config\.yaml)$/.test(entry),
    );
    expect(forbidden).toEqual([]);
    // The sandbox's key prefixes (API secrets, callback keys) and identity seeding appear nowhere in the app's code.
    for (const entry of entries.filter((name) => name.startsWith('out/') && /\.(js|cjs|html)$/.test(name))) {
      const text = asar.extractFile(asarPath, entry).toString('utf8');
      expect(text, entry).not.toMatch(/(sk|pk|cb)_sbx_|totpSecret|seedIdentities/);
    }
  });

  it("unpacks keytar's native module beside app.asar, where the OS can load it", async () => {
    const native = 'node_modules/keytar/build/Release/keytar.node';
    expect((asar.statFile(asarPath, native) as { unpacked?: boolean }).unpacked).toBe(true);
    const unpacked = await stat(join(appOutDir, 'resources/app.asar.unpacked', native));
    expect(unpacked.size).toBeGreaterThan(1000);
    // Build leftovers of the native module stay out.
    expect(entries.filter((entry) => /node_modules\/keytar\/(src|build\/Release\/obj\.target)\//.test(entry))).toEqual(
      [],
    );
  });

  it('names the binary after linux.executableName and flips its fuses in the afterPack hook', async () => {
    const binary = await readFile(join(appOutDir, packageJson.build.linux.executableName));
    const wire = readWire(binary);
    const states = fuseStates as Record<FuseV1Options, boolean>;
    for (const [index, value] of Object.entries(electronDefaultWire)) {
      const fuse = Number(index) as FuseV1Options;
      const expected = fuse in states ? (states[fuse] ? '1' : '0') : value;
      expect(wire[fuse], FuseV1Options[fuse]).toBe(expected);
    }
    // Spelled out, so a change to fuses.mjs that weakens one of them fails here too.
    expect(wire[FuseV1Options.RunAsNode]).toBe('0');
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe('0');
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe('0');
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe('1');
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe('1');
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe('1');
    expect(buildLog).toMatch(/fuses flipped/);
  });

  it('ships the update channel electron-updater reads, from WALLET_DESK_UPDATE_URL', async () => {
    const yml = await readFile(join(appOutDir, 'resources/app-update.yml'), 'utf8');
    expect(yml).toMatch(/^provider: generic$/m);
    expect(yml).toContain(`url: ${updateUrl}`);
  });
});
