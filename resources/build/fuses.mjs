// @ts-check
/**
 * The Electron fuses every Wallet Desk build ships with (security 33). The main process holds refresh
 * tokens and merchant API secrets, so nothing may run code inside the app's identity (its keychain
 * access, its code signature): no `ELECTRON_RUN_AS_NODE`, no `NODE_OPTIONS`, no `--inspect`, no app
 * code from outside the signed, integrity-checked app.asar. Fuses are bits in the Electron binary itself,
 * read before any JavaScript runs, so no argument or environment variable can turn them back.
 */
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { Arch } from 'electron-builder';

/** Each fuse with the state we set, and why. */
export const fuseStates = Object.freeze({
  // ELECTRON_RUN_AS_NODE=1 would turn the signed binary into a plain Node that runs any script.
  [FuseV1Options.RunAsNode]: false,
  // Cookies (the provider's session cookies if a page ever sets any) encrypted with an OS-held key.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS=--require=evil.js would load code into the main process before ours.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect / --inspect-brk would open a debugger on the main process, tokens and all.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar's header hash is checked against the one electron-builder embeds (Info.plist on macOS,
  // a resource in the .exe on Windows); Electron does not implement the check on Linux yet.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Without it Electron would also look for resources/app/ beside app.asar, past the integrity check.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // The app's pages come from app:// (src-main/app-protocol.ts); file:// pages get no extra powers.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
});

/**
 * The @electron/fuses configuration for one packaged build. Fuses we do not name (a V8 snapshot
 * variant, and any a newer Electron adds) keep the binary's own value.
 * @param {string} electronPlatformName 'darwin' | 'mas' | 'win32' | 'linux'
 * @param {Arch} arch
 * @returns {import('@electron/fuses').FuseV1Config}
 */
export function fuseConfigFor(electronPlatformName, arch) {
  return {
    version: FuseVersion.V1,
    ...fuseStates,
    // Editing the binary breaks the ad-hoc signature an arm64 Mac needs to run it at all; the real
    // signature comes after afterPack, when electron-builder signs the app.
    resetAdHocDarwinSignature:
      (electronPlatformName === 'darwin' || electronPlatformName === 'mas') && arch === Arch.arm64,
  };
}
