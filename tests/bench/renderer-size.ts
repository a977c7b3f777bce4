import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { measured, type FigureModule } from './support/figure';
import { single } from './support/stats';

const KB = 1000;

interface Sized {
  readonly file: string;
  readonly bytes: number;
  readonly gzip: number;
}

async function sizeOf(path: string, root: string): Promise<Sized> {
  const content = await readFile(path);
  return { file: relative(root, path), bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

/** Relative specifiers of the module's top-level `import … from` / `export … from`: what loads before it runs. */
function staticImports(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    const from =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
    if (from && ts.isStringLiteral(from) && from.text.startsWith('.')) specifiers.push(from.text);
  }
  return specifiers;
}

/** The entry scripts index.html loads, and what they import statically (dynamic imports load later, so they are left out). */
async function initialScripts(rendererDir: string): Promise<string[]> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...entries, ...preloads].map((src) => resolve(rendererDir, src.replace(/^\//, '')));
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const source = await readFile(path, 'utf8');
    for (const specifier of staticImports(source, path)) queue.push(resolve(dirname(path), specifier));
  }
  return [...seen];
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export const rendererSize: FigureModule = {
  id: 'renderer-size',
  async measure({ root }) {
    const rendererDir = join(root, 'out/renderer');
    const initial = await Promise.all((await initialScripts(rendererDir)).map((path) => sizeOf(path, root)));
    const all = await Promise.all((await allFiles(rendererDir)).map((path) => sizeOf(path, root)));
    const sum = (files: readonly Sized[], key: 'bytes' | 'gzip'): number =>
      files.reduce((total, f) => total + f[key], 0);
    const initialBytes = sum(initial, 'bytes');
    const initialGzip = sum(initial, 'gzip');
    return [
      measured(
        {
          id: 'renderer-initial-js-gzip',
          title: 'Renderer initial JS (gzip)',
          unit: 'kB',
          target: { value: 200 },
          method:
            'out/renderer/index.html: its module scripts and modulepreloads plus their static imports (followed through the chunks, dynamic imports excluded), each gzipped at level 9; kB = 1000 bytes.',
          note: `${(initialBytes / KB).toFixed(1)} kB before gzip, ${initial.length} file(s)`,
          details: { bytes: initialBytes, gzip: initialGzip, files: initial },
        },
        single(initialGzip / KB),
      ),
      measured(
        {
          id: 'renderer-total',
          title: 'Renderer total (all files, gzip)',
          unit: 'kB',
          method:
            'Every file under out/renderer (scripts, styles, html, assets), gzipped one by one; for context, no target.',
          note: `${(sum(all, 'bytes') / KB).toFixed(1)} kB before gzip, ${all.length} file(s)`,
          details: { bytes: sum(all, 'bytes'), gzip: sum(all, 'gzip'), files: all },
        },
        single(sum(all, 'gzip') / KB),
      ),
    ];
  },
};
