import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.hoisted(() => vi.fn<(flags: string) => void>());
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString }));

const { favourMemoryOverSpeed, MEMORY_FAVOURING_V8_FLAGS } = await import('../../../src-main/v8-memory');

afterEach(() => setFlagsFromString.mockClear());

/**
 * Runs `script` in a Node of its own with natives syntax (and `nodeFlags`), the app's flags set at run time first,
 * as favourMemoryOverSpeed sets them, or not: V8 answers what a flag did only inside its own process.
 */
function probe(script: string, mode: 'flags' | 'none', nodeFlags: readonly string[] = []) {
  const setFlags = `const v8 = require('node:v8');
    if (process.argv[1] === 'flags') for (const f of ${JSON.stringify(MEMORY_FAVOURING_V8_FLAGS)}) v8.setFlagsFromString(f);`;
  return spawnSync(process.execPath, ['--allow-natives-syntax', ...nodeFlags, '-e', `${setFlags}\n${script}`, mode], {
    encoding: 'utf8',
  });
}

describe('main-process V8 memory settings (export memory flat)', () => {
  it('asks V8 to favour memory, not to grow the young generation, not to recompile WebAssembly, not to inline and not to collect the young generation early, each flag on its own', () => {
    favourMemoryOverSpeed();
    expect(setFlagsFromString.mock.calls.map(([flag]) => flag)).toEqual([
      '--optimize-for-size',
      '--semi-space-growth-factor=1',
      '--liftoff-only',
      '--no-turbo-inlining',
      '--no-minor-gc-task',
    ]);
    expect(MEMORY_FAVOURING_V8_FLAGS).toHaveLength(5);
  });

  it('compiles a hot function without the ones it calls when set at run time, as the app does', () => {
    // TurboFan traces each inlining it makes: a function optimized on purpose (natives syntax) with a small
    // callee that has feedback inlines it without the flags, and inlines nothing with them.
    const script = `
      function small(x) { return x + 1; }
      function caller(x) { return small(x) * 2; }
      %EnsureFeedbackVectorForFunction(small);
      %PrepareFunctionForOptimization(caller);
      caller(1);
      caller(2);
      %OptimizeFunctionOnNextCall(caller);
      caller(3);
      // Bit 6 of V8's optimization status: the function runs TurboFan's code.
      if (!(%GetOptimizationStatus(caller) & 64)) process.stderr.write('caller was not optimized');`;
    const run = (mode: 'flags' | 'none') => probe(script, mode, ['--trace-turbo-inlining']);
    const without = run('none');
    expect(without.stderr).toBe('');
    expect(without.stdout).toMatch(/Inlining .*small.* into .*caller/);
    const withFlags = run('flags');
    expect(withFlags.stderr).toBe('');
    expect(withFlags.stdout).not.toMatch(/Inlining/);
  });

  it('keeps hot WebAssembly (as the HTTP parser of fetch) in the baseline compiler when set at run time, as the app does', () => {
    // A module exporting f(x) = x + 1, called until V8 would have recompiled it with TurboFan (tens of ms
    // without the flags; up to 3 s leaves room for a loaded machine's background thread); natives syntax
    // lets the probe ask which compiler's code f runs.
    const script = `
      const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,32,0,65,1,106,11]);
      const f = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f;
      (async () => {
        let x = 0;
        for (const started = Date.now(); Date.now() - started < 3000 && !%IsTurboFanFunction(f); ) {
          for (let i = 0; i < 1e6; i += 1) x = f(x);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        process.stdout.write(%IsTurboFanFunction(f) ? 'turbofan' : %IsLiftoffFunction(f) ? 'liftoff' : 'other');
      })();`;
    const run = (mode: 'flags' | 'none') => probe(script, mode);
    const without = run('none');
    expect(without.stderr).toBe('');
    expect(without.stdout).toBe('turbofan');
    const withFlags = run('flags');
    expect(withFlags.stderr).toBe('');
    expect(withFlags.stdout).toBe('liftoff');
  });

  it('collects the young generation only when it is full when set at run time, as the app does', () => {
    // Short-lived objects made a macrotask at a time, as an export makes them between its awaits: V8 posts its
    // early collection as a task between them, which --trace-gc names "task".
    const script = `
      let kept = [];
      let step = 0;
      (function next() {
        for (let i = 0; i < 20000; i += 1) {
          kept.push({ i, text: 'x' + i });
          if (kept.length > 300) kept = [];
        }
        if (++step < 600) setImmediate(next);
      })();`;
    const earlyScavenges = (mode: 'flags' | 'none') => {
      const run = probe(script, mode, ['--trace-gc']);
      expect(run.stderr).toBe('');
      return run.stdout.split('\n').filter((line) => /Scavenge.*\btask;/.test(line)).length;
    };
    expect(earlyScavenges('none')).toBeGreaterThan(0);
    expect(earlyScavenges('flags')).toBe(0);
  });

  it('the real V8 knows every flag (a misspelt one would only be reported on stderr, and ignored)', () => {
    // V8 writes "unrecognized flag" with its own stdio, out of reach of a spy: ask a Node of our own.
    const flagsSet = probe('', 'flags');
    expect(flagsSet.status).toBe(0);
    expect(flagsSet.stderr).toBe('');
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
