/**
 * `npm run dist`: builds the installers for this platform with electron-builder (configuration in
 * package.json "build"), after `electron-vite build`. Arguments are passed on (`npm run dist -- --linux
 * deb`, `-c.key=value`).
 *
 * The update server is a property of a release, not of the source tree, so it comes from the
 * environment: WALLET_DESK_UPDATE_URL (https) becomes electron-builder's generic publish target, which
 * writes it into the app's resources/app-update.yml for electron-updater and names the update metadata
 * (latest.yml, latest-mac.yml, latest-linux.yml) to upload there beside the installers. Without it the
 * build has no update channel, and Settings says so.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const updateUrlVariable = 'WALLET_DESK_UPDATE_URL';

/**
 * electron-builder's arguments for a release: nothing is uploaded from here (`--publish never`; the
 * release step copies dist/ to the server), and the publish target when an update URL is given.
 */
export function electronBuilderArgs(forwarded: readonly string[], updateUrl: string | undefined): string[] {
  const args = ['--publish', 'never'];
  if (updateUrl !== undefined && updateUrl !== '') {
    args.push('-c.publish.provider=generic', `-c.publish.url=${checkedUpdateUrl(updateUrl)}`);
  }
  return [...args, ...forwarded];
}

/** Update metadata says what to download and run: only over TLS, never from a URL carrying credentials. */
export function checkedUpdateUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${updateUrlVariable} is not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:') throw new Error(`${updateUrlVariable} must be an https URL, not ${url.protocol}`);
  if (url.username || url.password) throw new Error(`${updateUrlVariable} must not carry credentials`);
  if (url.search || url.hash) throw new Error(`${updateUrlVariable} must be a folder URL, without query or fragment`);
  return url.href;
}

async function main(): Promise<void> {
  const updateUrl = process.env[updateUrlVariable];
  const args = electronBuilderArgs(process.argv.slice(2), updateUrl);
  if (!updateUrl) {
    console.log(`dist: ${updateUrlVariable} is not set; this build has no update server (Settings will say so).`);
  }
  const cli = createRequire(import.meta.url).resolve('electron-builder/cli.js');
  const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit' });
  const code = await new Promise<number>((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
  process.exitCode = code;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
