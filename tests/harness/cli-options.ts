import { parseArgs } from 'node:util';
import { z } from 'zod';
import { LOCAL_SANDBOX_PORT } from '../../src-main/settings/environments';

export const HARNESS_USAGE = `npm run harness -- [options]

  --port N            port of the harness page (default: a free one)
  --sandbox-port N    port of the sandbox the harness starts (default ${LOCAL_SANDBOX_PORT})
  --sandbox-url URL   attach to a sandbox already running on this machine, e.g. http://127.0.0.1:4477
                      (started with npm run sandbox); the harness then starts none
  --user-data DIR     the app's user-data folder (default ~/.wallet-desk-harness)
  --help              this text`;

const Port = z.coerce.number<string>().int().min(0).max(65_535);

/**
 * Only a sandbox on this machine: the app's "local sandbox" environment is http://127.0.0.1:PORT
 * (src-main/settings/environments.ts), so the harness can hand the app a port, not another host.
 */
const SandboxUrl = z
  .url({
    protocol: /^http$/,
    hostname: /^(127\.0\.0\.1|localhost)$/,
    error: 'give http://127.0.0.1:PORT of a sandbox on this machine (the app reaches its local sandbox only there)',
  })
  .transform((text) => new URL(text))
  .refine((url) => url.port !== '', 'name the sandbox port, e.g. http://127.0.0.1:4477')
  .refine((url) => url.pathname === '/' && !url.search && !url.hash, 'give the sandbox origin only, no path')
  .transform((url) => ({ origin: `http://127.0.0.1:${url.port}`, port: Number(url.port) }));

export interface HarnessOptions {
  readonly port: number;
  /** Start a sandbox on this port, or attach to the one at `origin`. */
  readonly sandbox: { readonly start: number } | { readonly attach: string; readonly port: number };
  readonly userDataDir: string | null;
}

export type HarnessArgs =
  | { readonly kind: 'run'; readonly options: HarnessOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'invalid'; readonly message: string };

function problem(option: string, error: z.ZodError): HarnessArgs {
  return { kind: 'invalid', message: `--${option}: ${error.issues.map((issue) => issue.message).join('; ')}` };
}

/** `npm run harness` arguments, checked before anything starts; mistakes come back as one line. */
export function parseHarnessArgs(args: readonly string[]): HarnessArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: {
        port: { type: 'string', default: '0' },
        'sandbox-port': { type: 'string' },
        'sandbox-url': { type: 'string' },
        'user-data': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return { kind: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help === true) return { kind: 'help' };
  const port = Port.safeParse(values.port);
  if (!port.success) return problem('port', port.error);
  const rawUrl = values['sandbox-url'];
  const rawSandboxPort = values['sandbox-port'];
  if (typeof rawUrl === 'string' && rawSandboxPort !== undefined) {
    return {
      kind: 'invalid',
      message: '--sandbox-url and --sandbox-port exclude each other: attach or start, not both',
    };
  }
  let sandbox: HarnessOptions['sandbox'];
  if (typeof rawUrl === 'string') {
    const url = SandboxUrl.safeParse(rawUrl);
    if (!url.success) return problem('sandbox-url', url.error);
    sandbox = { attach: url.data.origin, port: url.data.port };
  } else {
    const sandboxPort = Port.safeParse(rawSandboxPort ?? String(LOCAL_SANDBOX_PORT));
    if (!sandboxPort.success) return problem('sandbox-port', sandboxPort.error);
    sandbox = { start: sandboxPort.data };
  }
  const userData = values['user-data'];
  return {
    kind: 'run',
    options: { port: port.data, sandbox, userDataDir: typeof userData === 'string' ? userData : null },
  };
}
