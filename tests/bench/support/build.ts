import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the app's build reads; a newer file than the built output means out/ is stale. */
const SOURCES = ['src-main', 'src-preload', 'src-renderer', 'electron.vite.config.ts', 'package.json'];
const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** Why out/ must be rebuilt, or null when it is newer than every source. */
export async function staleReason(root: string): Promise<string | null> {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(
    ...(await Promise.all(OUTPUTS.map(async (output) => (await stat(join(root, output))).mtimeMs))),
  );
  for (const source of SOURCES) {
    const path = join(root, source);
    if (existsSync(path) && (await newestMtime(path)) > built) return `${source} changed after the last build`;
  }
  return null;
}

/** Runs a command quietly; on failure the error carries the end of its output. */
export function runQuietly(command: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-4_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/** Builds out/ with electron-vite when it is missing or older than the sources, so the bench measures the code as it is. */
export async function ensureBuild(root: string, progress: (message: string) => void): Promise<void> {
  const reason = await staleReason(root);
  if (!reason) return;
  progress(`building (${reason}): npx electron-vite build`);
  await runQuietly('npx', ['electron-vite', 'build'], root);
}
