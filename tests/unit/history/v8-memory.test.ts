import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.hoisted(() => vi.fn<(flags: string) => void>());
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString }));

const { favourMemoryOverSpeed, MEMORY_FAVOURING_V8_FLAGS } = await import('../../../src-main/v8-memory');

afterEach(() => setFlagsFromString.mockClear());

describe('main-process V8 memory settings (export memory flat)', () => {
  it('asks V8 to favour memory and not to grow the young generation, each flag on its own', () => {
    favourMemoryOverSpeed();
    expect(setFlagsFromString.mock.calls.map(([flag]) => flag)).toEqual([
      '--optimize-for-size',
      '--semi-space-growth-factor=1',
    ]);
    expect(MEMORY_FAVOURING_V8_FLAGS).toHaveLength(2);
  });

  it('the real V8 knows both flags (a misspelt one would only be reported on stderr, and ignored)', () => {
    // V8 writes "unrecognized flag" with its own stdio, out of reach of a spy: ask a Node of our own.
    const script = `const v8 = require('node:v8'); for (const f of ${JSON.stringify(MEMORY_FAVOURING_V8_FLAGS)}) v8.setFlagsFromString(f);`;
    const probe = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(probe.status).toBe(0);
    expect(probe.stderr).toBe('');
    const misspelt = spawnSync(
      process.execPath,
      ['-e', "require('node:v8').setFlagsFromString('--optimise-for-size')"],
      {
        encoding: 'utf8',
      },
    );
    expect(misspelt.stderr).toMatch(/unrecognized flag/);
  });
});
