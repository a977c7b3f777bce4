import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * bench/traces/: where each figure keeps what shows where its time goes between the floor and the app (CPU
 * profiles to open in Chrome DevTools' Performance panel, or per-run timelines as JSON). Overwritten each run.
 */
export async function traceDirectory(root: string): Promise<string> {
  const directory = join(root, 'bench/traces');
  await mkdir(directory, { recursive: true });
  return directory;
}

export async function writeTrace(root: string, name: string, data: unknown): Promise<string> {
  const path = join(await traceDirectory(root), name);
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}
