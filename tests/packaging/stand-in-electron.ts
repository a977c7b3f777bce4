import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
// The marker Electron compiles in front of its fuse wire; @electron/fuses finds the wire by it.
import { SENTINEL } from '@electron/fuses/dist/constants';

/**
 * The fuse wire of an unmodified Electron build, as Electron ships it: RunAsNode, NODE_OPTIONS, the
 * inspect arguments and file:// privileges on; cookie encryption, asar integrity, asar-only and the
 * browser-process V8 snapshot off. '1' = enabled, '0' = disabled.
 */
export const electronDefaultWire: Readonly<Record<FuseV1Options, '0' | '1'>> = {
  [FuseV1Options.RunAsNode]: '1',
  [FuseV1Options.EnableCookieEncryption]: '0',
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: '1',
  [FuseV1Options.EnableNodeCliInspectArguments]: '1',
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: '0',
  [FuseV1Options.OnlyLoadAppFromAsar]: '0',
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: '0',
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: '1',
};

/**
 * A file that carries a fuse wire laid out as in a real Electron binary (sentinel, wire version 1,
 * wire length, one byte per fuse), so @electron/fuses reads and flips it as it would the real one.
 * It is a shell script that refuses to run, should anything try.
 */
export function standInBinary(): Buffer {
  const wire = Object.values(FuseV1Options)
    .filter((value): value is FuseV1Options => typeof value === 'number')
    .sort((a, b) => a - b)
    .map((fuse) => electronDefaultWire[fuse])
    .join('');
  return Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron (tests/packaging): not runnable" >&2\nexit 1\n# '),
    Buffer.from(SENTINEL),
    Buffer.from([1, wire.length]),
    Buffer.from(`${wire}\n`),
  ]);
}

/**
 * An unpacked "Electron distribution" for electron-builder's electronDist on Linux: it copies the folder
 * as the app's base and renames its `electron` executable to linux.executableName. Nothing else in
 * the folder is required for a `--dir` build.
 */
export async function createStandInElectronDist(directory: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const executable = join(directory, 'electron');
  await writeFile(executable, standInBinary());
  await chmod(executable, 0o755);
  return directory;
}

/** The fuse wire of a binary as '0'/'1' per fuse index ('r' for removed), read the way Electron reads it. */
export function readWire(binary: Buffer): string {
  const at = binary.indexOf(SENTINEL);
  if (at < 0) throw new Error('no fuse sentinel in this binary');
  const start = at + SENTINEL.length;
  const length = binary[start + 1] ?? 0;
  return binary.subarray(start + 2, start + 2 + length).toString('latin1');
}
