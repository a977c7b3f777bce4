/**
 * `npm run harness`: the app in a browser against the local sandbox. Rebuilds out/ when it is older than
 * the sources, starts the sandbox (or attaches to a running one with --sandbox-url), the app's main-process
 * half and the loopback bridge, prints the sandbox's test identities and then `harness: http://127.0.0.1:PORT/`;
 * later, the amount each address verification sent.
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { identitiesText } from '../../sandbox/identities-text';
import { startSandbox } from '../../sandbox/server';
import { createSecretStore } from '../../src-main/keychain/create-secret-store';
import { createLogger } from '../../src-main/logging/create-logger';
import { buildIfStale } from '../tooling/ensure-build';
import { startAppUnderTest } from './app-under-test';
import { attachSandbox } from './attach-sandbox';
import { HARNESS_USAGE, parseHarnessArgs } from './cli-options';

const args = parseHarnessArgs(process.argv.slice(2));
if (args.kind === 'help') {
  console.log(HARNESS_USAGE);
  process.exit(0);
}
if (args.kind === 'invalid') {
  console.error(`${args.message}\n\n${HARNESS_USAGE}`);
  process.exit(2);
}
const { options } = args;

// The harness serves out/renderer and out/preload's logic: a stale build would show yesterday's app.
const build = buildIfStale();
if (build.error) {
  console.error(build.error);
  process.exit(1);
}
if (build.rebuilt) console.error('harness: rebuilt out/ (it was missing or older than the sources)');

const userDataDir = resolve(options.userDataDir ?? join(homedir(), '.wallet-desk-harness'));
await mkdir(userDataDir, { recursive: true, mode: 0o700 });

const sandbox =
  'attach' in options.sandbox
    ? { origin: options.sandbox.attach, info: await attachSandbox(options.sandbox.attach), close: async () => {} }
    : await startSandbox({
        port: options.sandbox.start,
        quiet: true,
        // The amount a verification sent is what the tester types into the app to confirm the address: printed
        // plainly here, as a test network's explorer would show it (also on the sandbox's control page).
        onVerificationSent: (line) => console.log(`[sandbox] ${line}`),
      }).then(
        (started) => ({ origin: started.origin, info: started.info(), close: () => started.close() }),
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          const port = 'start' in options.sandbox ? options.sandbox.start : 0;
          console.error(
            code === 'EADDRINUSE'
              ? `Port ${port} on 127.0.0.1 is in use: pick another with --sandbox-port, or attach to the sandbox running there with --sandbox-url http://127.0.0.1:${port}`
              : error,
          );
          process.exit(1);
        },
      );

const logger = createLogger({ directory: join(userDataDir, 'logs') });
const secrets = await createSecretStore(logger);
const app = await startAppUnderTest({
  logger,
  secrets,
  userDataDir,
  port: options.port,
  localSandboxPort: Number(new URL(sandbox.origin).port),
});

console.log(identitiesText(sandbox.info, sandbox.origin));
console.log('');
console.log(`harness: ${app.url}`);

const stop = async (): Promise<void> => {
  await app.close();
  await logger.close();
  // An attached sandbox belongs to whoever started it.
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
