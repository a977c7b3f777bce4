import { parseArgs } from 'node:util';
import { HISTORY_RECORDS_ON_MAIN_ACCOUNT, MAX_HISTORY_RECORDS } from './data/identities';
import { identitiesText } from './identities-text';
import { ServiceProfile } from './profile';
import { WireReadingsInput } from './interface-b/readings';
import { CallbackShape } from './callbacks/sdk-shape';
import { startSandbox } from './server';

/** `npm run sandbox -- --port 4477 --seed 1 --access-token-ttl 300` */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    seed: { type: 'string' },
    'access-token-ttl': { type: 'string' },
    'totp-window': { type: 'string' },
    'service-profile': { type: 'string', default: 'kind' },
    // Interface B's wire readings (README "Wire readings"); unset ones keep their default.
    'b-asset-form': { type: 'string' },
    'b-nulls': { type: 'string' },
    'b-error-status': { type: 'string' },
    'b-deposit-amount': { type: 'string' },
    'b-deposit-answer': { type: 'string' },
    'b-deposit-network': { type: 'string' },
    'b-withdraw-codes': { type: 'string' },
    'history-records': { type: 'string' },
    'require-signature': { type: 'boolean', default: false },
    'wider-service': { type: 'boolean', default: false },
    'callback-shape': { type: 'string', default: 'spec' },
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

const readingFlags = {
  assetForm: values['b-asset-form'],
  nulls: values['b-nulls'],
  errorStatus: values['b-error-status'],
  depositAmount: values['b-deposit-amount'],
  depositAnswer: values['b-deposit-answer'],
  depositNetwork: values['b-deposit-network'],
  withdrawCodes: values['b-withdraw-codes'],
};
const wireReadings = WireReadingsInput.safeParse(
  Object.fromEntries(Object.entries(readingFlags).filter(([, value]) => value !== undefined)),
);
if (!wireReadings.success) {
  const issue = wireReadings.error.issues[0];
  console.error(
    `invalid Interface B reading ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''} (sandbox/README.md "Wire readings")`,
  );
  process.exit(2);
}

const historyRecords = intOption('history-records', values['history-records'], HISTORY_RECORDS_ON_MAIN_ACCOUNT);
if (historyRecords > MAX_HISTORY_RECORDS) {
  console.error(`--history-records must be at most ${MAX_HISTORY_RECORDS}, got "${values['history-records']}"`);
  process.exit(2);
}

const callbackShape = CallbackShape.safeParse(values['callback-shape']);
if (!callbackShape.success) {
  console.error(`--callback-shape must be spec or sdk, got "${values['callback-shape']}"`);
  process.exit(2);
}

const port = intOption('port', values.port ?? process.env['SANDBOX_PORT'], 4477);
const sandbox = await startSandbox({
  port,
  seed: intOption('seed', values.seed, 1),
  accessTokenTtlSeconds: intOption('access-token-ttl', values['access-token-ttl'], 300),
  totpWindowSteps: intOption('totp-window', values['totp-window'], 1),
  serviceProfile: profile.data,
  wireReadings: wireReadings.data,
  historyRecords,
  requireRequestSignature: values['require-signature'],
  widerService: values['wider-service'],
  callbackShape: callbackShape.data,
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
