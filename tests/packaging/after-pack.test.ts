/**
 * The afterPack hook on each platform's layout (what electron-builder hands it), against stand-in
 * binaries carrying Electron's fuse wire: the right file is found and every fuse ends as fuses.mjs says.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { Arch, type AfterPackContext } from 'electron-builder';
import { afterEach, describe, expect, it } from 'vitest';
import afterPack, { electronBinaryPath } from '../../resources/build/after-pack.mjs';
import { fuseConfigFor } from '../../resources/build/fuses.mjs';
import { readWire, standInBinary } from './stand-in-electron';

const productFilename = 'Wallet Desk';
const executableName = 'wallet-desk';
let work: string | undefined;

afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true });
  work = undefined;
});

/** Only the fields the hook reads; electron-builder's real context carries far more. */
function contextFor(appOutDir: string, electronPlatformName: string, arch: Arch): AfterPackContext {
  return {
    appOutDir,
    electronPlatformName,
    arch,
    packager: { appInfo: { productFilename }, executableName },
  } as unknown as AfterPackContext;
}

// Where the fuse wire lives in each platform's packed app.
const layouts = [
  { platform: 'linux', wireFile: executableName },
  { platform: 'win32', wireFile: `${productFilename}.exe` },
  {
    platform: 'darwin',
    wireFile: `${productFilename}.app/Contents/Frameworks/Electron Framework.framework/Electron Framework`,
  },
] as const;

describe('afterPack', () => {
  it.each(layouts)('flips the fuses in the $platform binary', async ({ platform, wireFile }) => {
    work = await mkdtemp(join(tmpdir(), 'wallet-desk-fuses-'));
    const target = join(work, wireFile);
    await mkdir(join(target, '..'), { recursive: true });
    await writeFile(target, standInBinary());

    // x64: on arm64 macOS the hook re-signs ad hoc with codesign, which only a Mac has.
    await afterPack(contextFor(work, platform, Arch.x64));

    const wire = readWire(await readFile(target));
    expect(wire[FuseV1Options.RunAsNode]).toBe('0');
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe('1');
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe('0');
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe('0');
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe('1');
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe('1');
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe('0');
    // Not ours to decide: the binary's own value stays.
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe('0');
  });

  it('fails the build when the binary has no fuse wire, instead of shipping unfused', async () => {
    work = await mkdtemp(join(tmpdir(), 'wallet-desk-fuses-'));
    await writeFile(join(work, executableName), '#!/bin/sh\nexit 0\n');
    await expect(afterPack(contextFor(work, 'linux', Arch.x64))).rejects.toThrow(/sentinel/);
  });

  it('refuses a platform it does not know where to find the binary for', () => {
    expect(() => electronBinaryPath(contextFor('/tmp/x', 'freebsd', Arch.x64))).toThrow(/freebsd/);
  });
});

describe('fuseConfigFor', () => {
  it('names the six fuses of security 33 plus file:// privileges, on every platform', () => {
    for (const platform of ['linux', 'win32', 'darwin', 'mas']) {
      const config = fuseConfigFor(platform, Arch.x64);
      expect(config).toMatchObject({
        version: FuseVersion.V1,
        [FuseV1Options.RunAsNode]: false,
        [FuseV1Options.EnableCookieEncryption]: true,
        [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
        [FuseV1Options.EnableNodeCliInspectArguments]: false,
        [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
        [FuseV1Options.OnlyLoadAppFromAsar]: true,
        [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      });
      expect(config).not.toHaveProperty([String(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)]);
    }
  });

  it('re-signs ad hoc only for Apple silicon builds, whose binaries must carry a valid signature to start', () => {
    expect(fuseConfigFor('darwin', Arch.arm64).resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfigFor('mas', Arch.arm64).resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfigFor('darwin', Arch.x64).resetAdHocDarwinSignature).toBe(false);
    expect(fuseConfigFor('linux', Arch.arm64).resetAdHocDarwinSignature).toBe(false);
  });
});
