import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The one file that may reach the network itself; everything else goes through it. */
const HTTP_PATH = 'src-main/service/http-call.ts';

/** Objects whose `fetch` is the network all the same. */
const FETCH_OWNERS = new Set(['globalThis', 'global', 'window', 'self', 'net']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Is this `fetch` a name of something else (a property, a parameter, a type), not the global function? */
function namesSomethingElse(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) return true;
  if ((ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return true;
  if ((ts.isParameter(parent) || ts.isVariableDeclaration(parent)) && parent.name === node) return true;
  if (ts.isBindingElement(parent)) return true;
  if (ts.isTypeQueryNode(parent) || ts.isQualifiedName(parent)) return true;
  return false;
}

/** Every place a source reaches the global fetch: a call, or the function handed on as a value. */
export function globalFetchUses(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    const line = () => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (ts.isIdentifier(node) && node.text === 'fetch' && !namesSomethingElse(node)) lines.push(line());
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'fetch' &&
      ts.isIdentifier(node.expression) &&
      FETCH_OWNERS.has(node.expression.text)
    ) {
      lines.push(line());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe('one HTTP path', () => {
  it('no file of main reaches the network except service/http-call.ts (openid-client gets its fetch)', () => {
    const files = sourceFiles(join(root, 'src-main')).map((path) => relative(root, path).replaceAll('\\', '/'));
    expect(files).toContain(HTTP_PATH);
    const offenders = files
      .filter((file) => file !== HTTP_PATH)
      .flatMap((file) =>
        globalFetchUses(file, readFileSync(join(root, file), 'utf8')).map((line) => `${file}:${line}`),
      );
    expect(offenders).toEqual([]);
    // The walk sees the one path's own use, so an empty list above is not a walk that saw nothing.
    expect(globalFetchUses(HTTP_PATH, readFileSync(join(root, HTTP_PATH), 'utf8')).length).toBeGreaterThan(0);
  });

  it('catches a call, the function handed on, and fetch through globalThis or Electron’s net', () => {
    const sample = [
      "const a = await fetch('https://example.com');",
      'const doFetch = options.fetch ?? fetch;',
      "await globalThis.fetch('https://example.com');",
      "await net.fetch('https://example.com');",
    ].join('\n');
    expect(globalFetchUses('sample.ts', sample)).toEqual([1, 2, 3, 4]);
  });

  it('leaves alone what only shares the name: options, parameters, types, methods of other objects', () => {
    const sample = [
      'function make(fetch: typeof globalThis.fetch, options: { fetch?: typeof fetch }) {',
      '  const { fetch: given } = options;',
      '  return { fetch: given, other: client.fetch };',
      '}',
    ].join('\n');
    expect(globalFetchUses('sample.ts', sample)).toEqual([]);
  });
});
