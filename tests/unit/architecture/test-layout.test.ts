import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** README.md "Where a test lives": a unit test sits at the path of the module it tests, under one of its roots. */
const root = resolve(import.meta.dirname, '../../..');
const mirrors: Readonly<Record<string, string>> = {
  main: 'src-main',
  preload: 'src-preload',
  renderer: 'src-renderer/src',
  harness: 'tests/harness',
  locales: 'resources/locales',
  bench: 'tests/bench',
};
/** Checks over the whole code base or the built app, and helpers; they mirror no source folder. */
const unmirrored = ['architecture', 'support'];

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test(-d)?\.tsx?$/.test(name) ? [relative(join(root, 'tests/unit'), path)] : [];
  });
}

/** Where a unit test file should sit, or why it cannot: its folder names no source folder. */
function misplaced(file: string, exists: (path: string) => boolean): string | null {
  const [top = '', ...rest] = file.split('/');
  if (unmirrored.includes(top)) return rest.length === 1 ? null : `${file}: no folders under ${top}/`;
  const source = mirrors[top];
  if (source === undefined) return `${file}: not under ${[...Object.keys(mirrors), ...unmirrored].join('/, ')}/`;
  const folder = [source, ...rest.slice(0, -1)].join('/');
  return exists(folder) ? null : `${file}: ${folder} is no source folder`;
}

describe('unit tests mirror the source tree', () => {
  it('every unit test sits in the folder of the source it tests', () => {
    const files = testFiles(join(root, 'tests/unit'));
    expect(files.length).toBeGreaterThan(100);
    const exists = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isDirectory();
    expect(files.map((file) => misplaced(file, exists)).filter((why) => why !== null)).toEqual([]);
  });

  it('a test in a folder of its own naming, or in a folder the source lacks, is reported', () => {
    const folders = new Set(['src-main', 'src-main/features', 'src-main/features/money', 'src-renderer/src']);
    const exists = (path: string) => folders.has(path);
    expect(
      [
        'main/features/money/at-most-once.test.ts',
        'renderer/start-up.test.ts',
        'architecture/layering.test.ts',
        'features/money/confirm-book.test.ts',
        'main/features/moneybox/x.test.ts',
        'architecture/deep/x.test.ts',
      ].map((file) => misplaced(file, exists)),
    ).toEqual([
      null,
      null,
      null,
      'features/money/confirm-book.test.ts: not under main/, preload/, renderer/, harness/, locales/, bench/, architecture/, support/',
      'main/features/moneybox/x.test.ts: src-main/features/moneybox is no source folder',
      'architecture/deep/x.test.ts: no folders under architecture/',
    ]);
  });
});
