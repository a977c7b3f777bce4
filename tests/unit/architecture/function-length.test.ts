import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** A function longer than this holds a whole module: its parts should be named functions or modules. */
const MAX_LINES = 120;

interface LongFunction {
  readonly where: string;
  readonly lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function (declarations, expressions, arrows, methods) longer than `max` lines, as file:name. */
export function longFunctions(fileName: string, text: string, max: number): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ where: `${fileName}:${nameOf(node as ts.FunctionLikeDeclaration)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  it(`no function in main is longer than ${MAX_LINES} lines`, () => {
    const files = sourceFiles(join(root, 'src-main')).map((path) => relative(root, path).replaceAll('\\', '/'));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) => longFunctions(file, readFileSync(join(root, file), 'utf8'), MAX_LINES));
    expect(long.map((entry) => `${entry.where} (${entry.lines})`)).toEqual([]);
  });

  it('measures a function from its first line to its last, closures and methods included', () => {
    const body = Array.from({ length: 5 }, (_, index) => `  const v${index} = ${index};`).join('\n');
    const sample = [
      `export function factory() {\n${body}\n  return { method() {\n${body}\n  } };\n}`,
      `const arrow = () => {\n${body}\n};`,
    ].join('\n');
    expect(longFunctions('sample.ts', sample, 6)).toEqual([
      { where: 'sample.ts:factory', lines: 14 },
      { where: 'sample.ts:method', lines: 7 },
      { where: 'sample.ts:arrow', lines: 7 },
    ]);
  });
});
