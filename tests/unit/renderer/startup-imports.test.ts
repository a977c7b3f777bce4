import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const entry = resolve(root, 'src-renderer/src/main.tsx');
/** Loaded by main.tsx right after the launch paint, before the first balances React draws. */
const appEntry = resolve(root, 'src-renderer/src/render-app.tsx');

/** Specifiers a module loads before it runs: value imports and re-exports; `import type` and lazy import() are left out. */
function staticValueImports(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')]) {
    // Styles and catalogues (JSON) are data: they bring in no package.
    if (candidate.endsWith('.css') || candidate.endsWith('.json')) return null;
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${relative(root, from)}`);
}

/** Every package the start-up graph loads, each with the chain of source files that brings it in. */
function startupPackages(roots: readonly string[] = [entry, appEntry]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: Array<{ path: string; chain: string[] }> = roots.map((path) => ({ path, chain: [] }));
  while (queue.length > 0) {
    const { path, chain } = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const here = [...chain, relative(root, path)];
    for (const specifier of staticValueImports(path)) {
      if (specifier.startsWith('.')) {
        const next = resolveRelative(path, specifier);
        if (next) queue.push({ path: next, chain: here });
      } else {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, here);
      }
    }
  }
  return packages;
}

describe("the renderer's start-up imports (what is evaluated before the first balances are painted)", () => {
  it('load no validator: zod schemas are built only by the screens that use them, on first visit', () => {
    const packages = startupPackages();
    // Found at all, so the walk follows the graph (a broken walk would pass the next line vacuously).
    expect(packages.get('react-dom')).toBeDefined();
    expect(packages.has('zod') ? packages.get('zod')!.join(' → ') : null).toBeNull();
  });

  it('paint the last known balances before React: the first script loads neither React nor a store', () => {
    const packages = startupPackages([entry]);
    for (const name of ['react', 'react-dom', 'zustand']) {
      expect(packages.has(name) ? packages.get(name)!.join(' → ') : null, name).toBeNull();
    }
    // The app itself is one dynamic import away, loaded once the paint is on screen.
    expect(readFileSync(entry, 'utf8')).toContain("import('./render-app')");
  });

  it("leave out Home's pictures and the decimal arithmetic they sum with: they load after the balances are drawn", () => {
    const packages = startupPackages();
    expect(packages.has('decimal.js') ? packages.get('decimal.js')!.join(' → ') : null).toBeNull();
  });

  it('has the built page ask for its bundle before its one classic script holds the parser', () => {
    // The CSP meta tag keeps Chromium from fetching ahead while a classic script blocks the parser.
    const html = readFileSync(resolve(root, 'out/renderer/index.html'), 'utf8');
    const firstClassic = html.search(/<script src=/);
    expect(firstClassic).toBeGreaterThan(0);
    for (const tag of [/<script type="module"/, /<link rel="stylesheet"/])
      expect(html.search(tag), String(tag)).toBeLessThan(firstClassic);
    // One classic script, the launch's: each more would be one more round trip.
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1])).toEqual(['./launch-requests.js']);
  });

  it('has the built page parse #root, where main serves the last known balances, before its classic script', () => {
    const html = readFileSync(resolve(root, 'out/renderer/index.html'), 'utf8');
    const rootAt = html.indexOf('<div id="root"></div>');
    expect(rootAt).toBeGreaterThan(html.indexOf('<body>'));
    expect(html.search(/<script src=/)).toBeGreaterThan(rootAt);
    // Not preloaded: a script already there when the parser meets it runs in the same task as the rows'
    // parsing and the bundle, and the rows' first frame waited for both (electron.vite.config.ts).
    expect(html).not.toMatch(/rel="preload"/);
  });

  it("has the built page ask for none of the app's chunks before the last known balances are painted", () => {
    // Six connections per host: chunks linked from the page took them ahead of the launch script (and the
    // harness's preload before it), and compiling them held main's answers unread while the paint waited.
    // main.tsx asks for the app's script once the paint is on screen.
    const html = readFileSync(resolve(root, 'out/renderer/index.html'), 'utf8');
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect([...html.matchAll(/<script type="module"[^>]*>/g)]).toHaveLength(1);
  });

  it("has the first script ask for the app's script as one chunk: one modulepreload in the task after the paint's frame", () => {
    // Split the way lazy screens share it, the app's script came in ten chunks: a <link rel="modulepreload"> each,
    // put in one after another on the page's thread right after the launch paint's frame, and ten requests to main.
    const html = readFileSync(resolve(root, 'out/renderer/index.html'), 'utf8');
    const entry = /<script\b[^>]*\btype="module"[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
    const script = readFileSync(resolve(root, 'out/renderer', entry!), 'utf8');
    const chunks = /m\.f=\[([^\]]*)\]/.exec(script)?.[1]?.split(',') ?? [];
    // Vite's preload helper is handed the chunks to preload right after the import it wraps.
    const appImport = script.search(/import\([`'"]\.\/render-app-/);
    expect(appImport).toBeGreaterThan(0);
    const preloaded = /__vite__mapDeps\(\[([\d,]+)\]\)/.exec(script.slice(appImport))?.[1] ?? '';
    const loads = preloaded.split(',').map((index) => chunks[Number(index)]);
    expect(loads.some((chunk) => chunk?.includes('render-app'))).toBe(true);
    // The app's script and rolldown's runtime (shared with the lazy screens): nothing else to preload.
    expect(loads.filter((chunk) => !/render-app|rolldown-runtime/.test(chunk ?? ''))).toEqual([]);
  });

  it("paint in the user's language without FormatJS: the first script loads no message formatter", () => {
    // @formatjs/intl and the whole catalogue come with the app's script, after the paint (i18n/launch-text.ts).
    const packages = startupPackages([entry]);
    expect(packages.has('@formatjs/intl') ? packages.get('@formatjs/intl')!.join(' → ') : null).toBeNull();
  });

  it("has the first script carry the launch paint's messages parsed, not the catalogues nor a parser", () => {
    // The paint's few messages in every language as JSON data (the ICU syntax tree), so nothing parses at
    // launch; the whole English catalogue and FormatJS were most of the first script's 201 kB.
    const html = readFileSync(resolve(root, 'out/renderer/index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = readFileSync(resolve(root, 'out/renderer', entry!), 'utf8');
    expect(script).toMatch(/JSON\.parse\(\s*[`"']\{\\?"en\\?":\{\\?"common\.appName\\?":\[/);
    // A message only a screen of the app shows, and the ICU parser's own method.
    expect(script).not.toContain('payouts.import.title');
    expect(script).not.toContain('parseMessage');
    expect(script.length).toBeLessThan(40_000);
  });
});
