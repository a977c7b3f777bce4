import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** A module's relative imports (type-only ones too: a cycle of types still ties the modules together). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The graph of relative imports and re-exports among the .ts/.tsx files under `dirs`, paths relative to `root`. */
export function importGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== null)
      .map((target) => relative(root, target));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** Every group of modules that import each other, directly or round about (Tarjan's strongly connected components). */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
