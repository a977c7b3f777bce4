import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';

const root = resolve(import.meta.dirname, '../../..');

/**
 * Main writes the last known balances into index.html (src-main/shell/launch-view.ts) with the launch paint's
 * own rule, builder and launch messages, so the served rows and the page's are one source, and marks them with
 * the paint's own basis (launch-paint-basis.ts), so the page keeps them when its answers give the same, and
 * with the names the page finds them by (launch-marks.ts). Those renderer
 * modules therefore run in main too, which their folder does not say: they must stay free of the DOM and of
 * anything only a browser has. This list is the whole of what main runs from src-renderer; growing it is a
 * decision to make in review, not a side effect of an import.
 */
const IMPORTED_BY_MAIN = [
  'src-renderer/src/i18n/launch-text.ts',
  'src-renderer/src/launch-marks.ts',
  'src-renderer/src/launch-paint-basis.ts',
  'src-renderer/src/launch-paint-rule.ts',
  'src-renderer/src/launch-paint-view.ts',
];
const RUN_IN_MAIN = [
  ...IMPORTED_BY_MAIN,
  'src-renderer/src/format/amounts.ts',
  'src-renderer/src/format/dates.ts',
  'src-renderer/src/format/display-locale.ts',
  'src-renderer/src/i18n/launch-catalogues.ts',
  'src-renderer/src/i18n/launch-messages.ts',
].sort();

describe('renderer modules that main runs', () => {
  const graph = importGraph(root, ['src-main', 'src-preload', 'src-renderer/src', 'resources/locales']);

  it('main imports from src-renderer only the launch paint rule, view builder, basis, marks and messages', () => {
    const imported = new Set<string>();
    for (const [file, targets] of graph)
      if (file.startsWith('src-main/'))
        for (const target of targets) if (target.startsWith('src-renderer/')) imported.add(target);
    expect([...imported].sort()).toEqual(IMPORTED_BY_MAIN);
  });

  it('those reach no other renderer module, however indirectly', () => {
    const reached = new Set<string>();
    const pending = [...IMPORTED_BY_MAIN];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (reached.has(next)) continue;
      reached.add(next);
      pending.push(...(graph.get(next) ?? []).filter((target) => target.startsWith('src-renderer/')));
    }
    expect([...reached].sort()).toEqual(RUN_IN_MAIN);
  });
});
