import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appScriptChunk, type ChunkingGraph } from '../../../electron.vite.config';

const root = resolve('/repository');
const id = (path: string): string => resolve(root, 'src-renderer/src', path).replace(/\\/g, '/');

/** A module graph as rolldown hands it to a group's `name`: each module's static imports. */
function graph(imports: Record<string, string[]>): ChunkingGraph {
  return {
    getModuleInfo: (module) => {
      const entry = Object.entries(imports).find(([path]) => id(path) === module);
      return entry ? { importedIds: entry[1].map(id) } : null;
    },
  };
}

function buildStart(chunk: ReturnType<typeof appScriptChunk>): void {
  const hook = chunk.plugin.buildStart;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the plugin has no buildStart hook');
  (handler as () => void)();
}

/** Each module of the graph with the chunk `name` gives it. */
function chunks(
  chunk: ReturnType<typeof appScriptChunk>,
  modules: Record<string, string[]>,
): Record<string, string | null> {
  const built = graph(modules);
  return Object.fromEntries(Object.keys(modules).map((path) => [path, chunk.name(id(path), built)]));
}

describe("the app's script chunk (electron.vite.config.ts)", () => {
  it('holds what render-app imports statically and the first script does not', () => {
    const chunk = appScriptChunk(root);
    buildStart(chunk);
    const got = chunks(chunk, {
      'main.tsx': ['shared.ts'],
      'shared.ts': [],
      'render-app.tsx': ['shared.ts', 'app.tsx'],
      'app.tsx': ['store.ts'],
      'store.ts': ['shared.ts'],
      // Reached only by a dynamic import: not in the static graph of render-app.
      'lazy-screen.tsx': ['store.ts'],
    });
    expect(got).toEqual({
      'main.tsx': null,
      'shared.ts': null,
      'render-app.tsx': 'render-app',
      'app.tsx': 'render-app',
      'store.ts': 'render-app',
      'lazy-screen.tsx': null,
    });
  });

  it('finds its members again in each build, as --watch rebuilds with edited imports', () => {
    const chunk = appScriptChunk(root);
    buildStart(chunk);
    expect(chunks(chunk, { 'main.tsx': [], 'render-app.tsx': ['old.ts'], 'old.ts': [] })['old.ts']).toBe('render-app');
    buildStart(chunk);
    // render-app now imports new.ts instead; old.ts is left to the first script.
    expect(chunks(chunk, { 'main.tsx': ['old.ts'], 'render-app.tsx': ['new.ts'], 'old.ts': [], 'new.ts': [] })).toEqual(
      {
        'main.tsx': null,
        'render-app.tsx': 'render-app',
        'old.ts': null,
        'new.ts': 'render-app',
      },
    );
  });
});
