import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { ETH_ADDRESS, md5 } from '../../sandbox/interface-b-harness';

const root = resolve(import.meta.dirname, '../../..');

let sandbox: RunningSandbox | undefined;
let child: ChildProcessWithoutNullStreams | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  await sandbox?.close();
  sandbox = undefined;
});

/**
 * Runs the harness CLI as `npm run harness` does after its install step (tsx, in one process, so the
 * signal reaches the harness itself) and collects its output.
 */
function runHarness(args: string[]): { output: () => string; done: Promise<number | null> } {
  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/harness/cli.ts', ...args], { cwd: root });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const done = new Promise<number | null>((settle) => child?.once('exit', (code) => settle(code)));
  return { output: () => output, done };
}

async function waitFor(read: () => string, pattern: RegExp, exited: Promise<unknown>): Promise<RegExpMatchArray> {
  let finished = false;
  void exited.then(() => (finished = true));
  for (let waited = 0; waited < 90_000; waited += 100) {
    const match = read().match(pattern);
    if (match) return match;
    if (finished) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no ${String(pattern)} in the harness output:\n${read()}`);
}

describe('npm run harness attached to a sandbox started separately', () => {
  it('uses the running sandbox (--sandbox-url), prints its identities, then serves the app', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, seed: 7 });
    const info = sandbox.info();
    const userData = await mkdtemp(join(tmpdir(), 'wallet-desk-harness-cli-'));
    const run = runHarness(['--sandbox-url', sandbox.origin, '--port', '0', '--user-data', userData]);
    const [, url] = await waitFor(run.output, /^harness: (http:\/\/127\.0\.0\.1:\d+\/)$/m, run.done);

    const text = run.output();
    expect(text).toContain(`Control API:        ${sandbox.origin}/__sandbox/info`);
    for (const user of info.users) expect(text).toContain(`${user.username} / ${user.password} / ${user.totpSecret}`);
    for (const merchant of info.merchants) expect(text).toContain(`${merchant.name}: ${merchant.publicKey}`);
    expect((await fetch(url ?? '')).status).toBe(200);

    // Stopping the harness leaves the sandbox it attached to running.
    child?.kill('SIGTERM');
    expect(await run.done).toBe(0);
    expect((await fetch(`${sandbox.origin}/__sandbox/info`)).status).toBe(200);
  }, 120_000);

  it('refuses to start when nothing answers at --sandbox-url, saying so', async () => {
    const idle = await startSandbox({ port: 0, quiet: true });
    const origin = idle.origin;
    await idle.close();
    const run = runHarness(['--sandbox-url', origin]);
    expect(await run.done).toBe(1);
    expect(run.output()).toContain(`no sandbox answers at ${origin}`);
  }, 120_000);
});

describe('npm run harness with its own sandbox', () => {
  it('prints the amount an address verification sent, and the control page that lists it', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'wallet-desk-harness-cli-'));
    const run = runHarness(['--sandbox-port', '0', '--port', '0', '--user-data', userData]);
    await waitFor(run.output, /^harness: http:\/\/127\.0\.0\.1:\d+\/$/m, run.done);
    const [, origin] = await waitFor(
      run.output,
      /^ {2}Control page: {7}(http:\/\/127\.0\.0\.1:\d+)\/__sandbox\/ /m,
      run.done,
    );
    const [, apiUrl] = await waitFor(run.output, /^ {2}Interface B: {8}(\S+)\/v1$/m, run.done);
    const [, name, publicKey, secretKey] = await waitFor(
      run.output,
      /^ {2}(.+?): (\S+) \/ (\S+) \/ \S+ \/ \S+@\S+$/m,
      run.done,
    );

    // A verification starts, as the app's "Start verification" does.
    const start = { ReferenceId: 'member-harness', Symbol: 'ETH', NetworkId: 3, Address: ETH_ADDRESS, Label: 'Cold' };
    const hash = md5(`${start.Symbol}${start.NetworkId}${start.Address}${start.ReferenceId}${secretKey ?? ''}`);
    const response = await fetch(`${apiUrl ?? ''}/v1/verify/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': secretKey ?? '' },
      body: JSON.stringify({ PublicKey: publicKey, ...start, Hash: hash }),
    });
    expect(response.status).toBe(200);
    const sent = String(((await response.json()) as { data: { amount: number } }).data.amount);

    await waitFor(
      run.output,
      new RegExp(
        `^\\[sandbox\\] interface-b verification ${name ?? ''}: sent ${sent.replace('.', '\\.')} ETH to ${ETH_ADDRESS} \\(reference member-harness\\); confirm with that amount`,
        'm',
      ),
      run.done,
    );
    expect(await (await fetch(`${origin ?? ''}/__sandbox/`)).text()).toContain(`<td>${sent} ETH</td>`);

    child?.kill('SIGTERM');
    expect(await run.done).toBe(0);
  }, 120_000);
});
