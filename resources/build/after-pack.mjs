// @ts-check
/**
 * electron-builder's afterPack hook (package.json build.afterPack): flips the fuses of resources/build/
 * fuses.mjs in the freshly copied Electron binary. It runs before signing, so the signature covers the
 * flipped binary, and on every platform and architecture electron-builder packs.
 */
import { join } from 'node:path';
import { flipFuses } from '@electron/fuses';
import { fuseConfigFor } from './fuses.mjs';

/**
 * Where the file holding the fuse wire is for this platform: @electron/fuses finds the framework
 * binary inside a .app itself.
 * @param {import('electron-builder').AfterPackContext} context
 */
export function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${packager.appInfo.productFilename}.app`);
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
    case 'linux':
      // LinuxPackager names the binary after linux.executableName (wallet-desk), not the product name.
      return join(
        appOutDir,
        /** @type {{ executableName: string }} */ (/** @type {unknown} */ (packager)).executableName,
      );
    default:
      throw new Error(`afterPack: no fuse location known for platform ${electronPlatformName}`);
  }
}

/** @param {import('electron-builder').AfterPackContext} context */
export default async function afterPack(context) {
  const binary = electronBinaryPath(context);
  const sentinels = await flipFuses(binary, fuseConfigFor(context.electronPlatformName, context.arch));
  console.log(`  • fuses flipped  file=${binary} wires=${sentinels}`);
}
