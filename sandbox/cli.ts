import { parseArgs } from 'node:util';
import { identitiesText } from './identities-text';
import { ServiceProfile } from './profile';
import { startSandbox } from './server';

/** `npm run sandbox -- --port 4477 --seed 1 --access-token-ttl 300` */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    seed: { type: 'string' },
    'access-token-ttl': { type: 'string' },
    'totp-window': { type: 'string' },
    'service-profile': { type: 'string', default: 'kind' },
    quiet: { type: 'boolean', default: false },
  },
});

function intOption(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a non-negative integer, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const profile = ServiceProfile.safeParse(values['service-profile']);
if (!profile.success) {
  console.error(`--service-profile must be kind or strict, got "${values['service-profile']}"`);
  process.exit(2);
}

const port = intOption('port', values.port ?? process.env['SANDBOX_PORT'], 4477);
const sandbox = await startSandbox({
  port,
  seed: intOption('seed', values.seed, 1),
  accessTokenTtlSeconds: intOption('access-token-ttl', values['access-token-ttl'], 300),
  totpWindowSteps: intOption('totp-window', values['totp-window'], 1),
  serviceProfile: profile.data,
  quiet: values.quiet,
}).catch((error: unknown) => {
  const code = (error as { code?: unknown }).code;
  console.error(code === 'EADDRINUSE' ? `Port ${port} on 127.0.0.1 is in use; pick another with --port.` : error);
  process.exit(1);
});

console.log(identitiesText(sandbox.info(), sandbox.origin));

const stop = (): void => {
  void sandbox.close().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
