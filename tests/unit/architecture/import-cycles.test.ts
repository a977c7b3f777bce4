import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph';

const root = resolve(import.meta.dirname, '../../..');

describe('import cycles', () => {
  it('there are none among the app and sandbox sources (type-only imports included)', () => {
    const graph = importGraph(root, ['src-main', 'src-preload', 'src-renderer/src', 'sandbox']);
    // The walk found the sources it is meant to judge, through index files and re-exports too.
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('src-main/app-core.ts')).toContain('src-main/features/app/index.ts');
    expect(graph.get('src-main/features/app/index.ts')).toContain('src-main/features/app/app-handlers.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle however long it is, and a module that imports itself', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('would have caught the two cycles this check was written for', () => {
    const graph = new Map([
      ['settings-schema.ts', ['unresolved-intents.ts']],
      ['unresolved-intents.ts', ['settings-store.ts']],
      ['settings-store.ts', ['settings-schema.ts']],
      ['channels.ts', ['contract.ts']],
      ['contract.ts', ['channels.ts']],
    ]);
    expect(importCycles(graph)).toHaveLength(2);
  });
});
