import { afterEach, describe, expect, it, vi } from 'vitest';

interface ZodGlobalConfig {
  postProcessor?: (schema: unknown) => void;
}
// zod takes this object as its global config when it is already there (core.js), so it can be set before zod loads.
const zodConfig = ((globalThis as { __zod_globalConfig?: ZodGlobalConfig }).__zod_globalConfig ??= {});

afterEach(() => {
  delete zodConfig.postProcessor;
  vi.doUnmock('decimal.js');
});

/**
 * The launch imports the core before its window can ask anything: every zod schema built then is paid on every
 * launch. The schemas are built at their first use (the journal's entries, the balance records, the envelopes),
 * and this pins it. zod calls its post-processor hook (zod/v4/core/core.js) once per schema it constructs.
 */
describe('importing the core', () => {
  it('builds no zod schema', async () => {
    const built: unknown[] = [];
    zodConfig.postProcessor = (schema) => built.push(schema);
    vi.resetModules();
    const core = await import('../../../../src-main/app-core');
    expect(typeof core.createAppCore).toBe('function');
    expect(built).toHaveLength(0);
  });

  it('the hook counts: importing a module that builds schemas at import is seen', async () => {
    const built: unknown[] = [];
    zodConfig.postProcessor = (schema) => built.push(schema);
    vi.resetModules();
    await import('../../../../src-main/journal/journal-entries');
    expect(built.length).toBeGreaterThan(0);
  });
});

/**
 * decimal.js (some 130 kB of source) is the wallets' view's and the money features': the launch's cached
 * balances are drawn from the record on disk as it stands, so the core's import does not carry it
 * (features/portfolio/portfolio-handlers.ts loads the view with the first request for balances).
 */
/** How many times decimal.js is loaded while `path` is imported afresh. */
async function decimalLoadsImporting(path: string): Promise<{ loaded: number; module: unknown }> {
  let loaded = 0;
  vi.doMock('decimal.js', async (original) => {
    loaded += 1;
    return original();
  });
  vi.resetModules();
  const module: unknown = await import(/* @vite-ignore */ path);
  return { loaded, module };
}

describe('importing the core, exact decimals', () => {
  it('does not load decimal.js', async () => {
    const { loaded, module } = await decimalLoadsImporting('../../../../src-main/app-core');
    expect(typeof (module as { createAppCore?: unknown }).createAppCore).toBe('function');
    expect(loaded).toBe(0);
  });

  it('the mock counts: importing a module that needs decimal.js is seen', async () => {
    const { loaded } = await decimalLoadsImporting('../../../../src-main/features/portfolio/portfolio-view');
    expect(loaded).toBe(1);
  });
});
