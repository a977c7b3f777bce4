import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
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

/**
 * A V8 CPU profile of this process (0.1 ms sampling) while `run` runs, written to bench/traces/`name`: for
 * figures measured inside the bench process itself (the main core, the sandbox, the client).
 */
export async function profileThisProcess(root: string, name: string, run: () => Promise<unknown>): Promise<void> {
  const inspector = new Session();
  inspector.connect();
  try {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
    await inspector.post('Profiler.start');
    await run();
    const { profile } = await inspector.post('Profiler.stop');
    await writeFile(join(await traceDirectory(root), name), JSON.stringify(profile));
  } finally {
    inspector.disconnect();
  }
}
