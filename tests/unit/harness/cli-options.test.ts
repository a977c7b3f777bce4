import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../../harness/cli-options';

describe('npm run harness: options', () => {
  it('starts its own sandbox on the local sandbox port by default', () => {
    expect(parseHarnessArgs([])).toEqual({
      kind: 'run',
      options: { port: 0, sandbox: { start: 4477 }, userDataDir: null },
    });
    expect(parseHarnessArgs(['--port', '5173', '--sandbox-port', '0', '--user-data', '/tmp/wd'])).toEqual({
      kind: 'run',
      options: { port: 5173, sandbox: { start: 0 }, userDataDir: '/tmp/wd' },
    });
  });

  it('attaches to a sandbox on this machine with --sandbox-url', () => {
    for (const url of ['http://127.0.0.1:4478', 'http://127.0.0.1:4478/', 'http://localhost:4478']) {
      expect(parseHarnessArgs(['--sandbox-url', url])).toEqual({
        kind: 'run',
        options: { port: 0, sandbox: { attach: 'http://127.0.0.1:4478', port: 4478 }, userDataDir: null },
      });
    }
  });

  it('refuses a sandbox URL the app could not be pointed at, saying why', () => {
    const message = (args: string[]) => {
      const parsed = parseHarnessArgs(args);
      return parsed.kind === 'invalid' ? parsed.message : `accepted: ${JSON.stringify(parsed)}`;
    };
    expect(message(['--sandbox-url', 'https://sandbox.example.com:4477'])).toMatch(/^--sandbox-url: /);
    expect(message(['--sandbox-url', 'http://10.0.0.5:4477'])).toBe(
      '--sandbox-url: give http://127.0.0.1:PORT of a sandbox on this machine (the app reaches its local sandbox only there)',
    );
    expect(message(['--sandbox-url', 'http://127.0.0.1'])).toBe(
      '--sandbox-url: name the sandbox port, e.g. http://127.0.0.1:4477',
    );
    expect(message(['--sandbox-url', 'http://127.0.0.1:4477/oidc'])).toBe(
      '--sandbox-url: give the sandbox origin only, no path',
    );
    expect(message(['--sandbox-url', 'not a url'])).toMatch(/^--sandbox-url: /);
    expect(message(['--sandbox-url', 'http://127.0.0.1:4477', '--sandbox-port', '4478'])).toBe(
      '--sandbox-url and --sandbox-port exclude each other: attach or start, not both',
    );
    expect(message(['--port', '70000'])).toMatch(/^--port: /);
    expect(message(['--sandbox-port', 'x'])).toMatch(/^--sandbox-port: /);
    expect(message(['--sandbox'])).toMatch(/Unknown option '--sandbox'/);
  });

  it('answers --help', () => {
    expect(parseHarnessArgs(['--help'])).toEqual({ kind: 'help' });
  });
});
