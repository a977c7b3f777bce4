import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { attachSandbox, type AttachedSandbox } from '../../harness/attach-sandbox';

const root = resolve(import.meta.dirname, '../../..');

export interface SandboxProcess {
  readonly origin: string;
  readonly port: number;
  readonly info: AttachedSandbox;
  close(): Promise<void>;
}

/**
 * The sandbox in a process of its own (`npm run sandbox`), on the true clock: a test may then move the clock
 * of its own process (the app's) without moving the provider's.
 */
export async function startSandboxProcess(args: readonly string[] = []): Promise<SandboxProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--port', String(port), '--quiet', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const info = await answering(origin, child);
    return { origin, port, info, close: () => stop(child, exited) };
  } catch (error) {
    await stop(child, exited);
    throw new Error(`the sandbox process did not start: ${errors.slice(0, 2000)}`, { cause: error });
  }
}

async function answering(origin: string, child: ChildProcess): Promise<AttachedSandbox> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${String(child.exitCode)}`);
    try {
      return await attachSandbox(origin, 1_000);
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((settle, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => settle(port));
    });
  });
}
