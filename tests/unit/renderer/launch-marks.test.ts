import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
  LAUNCH_FRESH_ID,
  LAUNCH_FRESH_SELECTOR,
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_MARKS,
} from '../../../src-renderer/src/launch-marks';
import { LAUNCH_BASIS_ATTRIBUTE } from '../../../src-renderer/src/launch-paint-basis';

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** The two readers of main's marks that no compiler checks against launch-marks.ts, read whole, comments too. */
const UNCHECKED_READERS: Readonly<Record<string, string>> = {
  'src-renderer/src/styles.css': read('src-renderer/src/styles.css'),
  'src-renderer/public/launch-requests.js': read('src-renderer/public/launch-requests.js'),
};

const ATTRIBUTES: ReadonlySet<string> = new Set([
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
  LAUNCH_BASIS_ATTRIBUTE,
]);
const MARKS: ReadonlySet<string> = new Set(Object.values(LAUNCH_MARKS));

/** Every launch id, `data-launch…` attribute name and mark value a text names, each with where it stands. */
function namesIn(text: string): { ids: string[]; attributes: string[]; marks: string[] } {
  return {
    ids: [...text.matchAll(/#(launch-[\w-]+)/g)].map(([, id]) => id ?? ''),
    attributes: [...text.matchAll(/\b(data-launch[\w-]*)/g)].map(([, name]) => name ?? ''),
    marks: [...text.matchAll(/\bdata-launch=(['"]?)([\w-]*)\1/g)].map(([, , mark]) => mark ?? ''),
  };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The string and template pieces of a TypeScript file: what its code says, without its comments. */
function stringsIn(path: string): string[] {
  const source = ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("main's launch marks, one set of names for every reader (launch-marks.ts)", () => {
  it.each(Object.entries(UNCHECKED_READERS))('%s names no launch id, attribute or mark of its own', (_path, text) => {
    const { ids, attributes, marks } = namesIn(text);
    expect(ids.length + attributes.length).toBeGreaterThan(0);
    expect(ids.filter((id) => id !== LAUNCH_FRESH_ID)).toEqual([]);
    expect(attributes.filter((name) => !ATTRIBUTES.has(name))).toEqual([]);
    expect(marks.filter((mark) => !MARKS.has(mark))).toEqual([]);
  });

  it('the stylesheet hides the cached rows in #root while the fresh part is in the body', () => {
    const css = UNCHECKED_READERS['src-renderer/src/styles.css'];
    expect(css).toContain(
      `body:has(> #${LAUNCH_FRESH_ID}[${LAUNCH_MARK_ATTRIBUTE}='${LAUNCH_MARKS.fresh}'])` +
        ` > #root[${LAUNCH_MARK_ATTRIBUTE}='${LAUNCH_MARKS.cached}']`,
    );
  });

  it('the launch script finds the fresh part, both marks of #root and the fresh account by those names', () => {
    const script = UNCHECKED_READERS['src-renderer/public/launch-requests.js'];
    expect(script).toContain(`'${LAUNCH_FRESH_SELECTOR}'`);
    expect(script).toContain(`'#root[${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.cached}"]'`);
    expect(script).toContain(`'#root[${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.fresh}"]'`);
    expect(script).toContain(`getAttribute('${LAUNCH_FRESH_ACCOUNT_ATTRIBUTE}')`);
  });

  it('main and the page write no copy of the names: only launch-marks.ts spells them', () => {
    const copy = new RegExp(
      `(^|[^\\w-])(${[LAUNCH_FRESH_ID, LAUNCH_MARK_ATTRIBUTE, LAUNCH_FRESH_ACCOUNT_ATTRIBUTE].join('|')})(?![\\w-])`,
    );
    const files = [...sourceFiles('src-main'), ...sourceFiles('src-renderer/src')];
    expect(files.length).toBeGreaterThan(100);
    const spelling = files.filter((path) => stringsIn(path).some((text) => copy.test(text)));
    expect(spelling).toEqual(['src-renderer/src/launch-marks.ts']);
  });
});
