/**
 * `npm run harness`: the app in a browser against the local sandbox. Starts the sandbox (unless
 * --sandbox-url points at a running one), the app's main-process half and the loopback bridge, and
 * prints one line: `harness: http://127.0.0.1:PORT/`.
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startSandbox } from '../../sandbox/server';
import { createSecretStore } from '../../src-main/keychain/create-secret-store';
import { createLogger } from '../../src-main/logging/create-logger';
import { LOCAL_SANDBOX_PORT } from '../../src-main/settings/environments';
import { startAppUnderTest } from './app-under-test';

const Port = z.coerce.number().int().min(0).max(65_535);

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'sandbox-port': { type: 'string', default: String(LOCAL_SANDBOX_PORT) },
    'user-data': { type: 'string' },
  },
});

const port = Port.parse(values.port);
const sandboxPort = Port.parse(values['sandbox-port']);
const userDataDir = resolve(values['user-data'] ?? join(homedir(), '.wallet-desk-harness'));
await mkdir(userDataDir, { recursive: true, mode: 0o700 });

const sandbox = await startSandbox({ port: sandboxPort, quiet: true });
const logger = createLogger({ directory: join(userDataDir, 'logs') });
const secrets = await createSecretStore(logger);
const app = await startAppUnderTest({
  logger,
  secrets,
  userDataDir,
  port,
  localSandboxPort: Number(new URL(sandbox.origin).port),
});

console.error(`sandbox: ${sandbox.origin} (identities: ${sandbox.origin}/__sandbox/info)`);
console.log(`harness: ${app.url}`);

const stop = async (): Promise<void> => {
  await app.close();
  await logger.close();
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
