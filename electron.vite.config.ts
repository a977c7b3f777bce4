import { readFile } from 'node:fs/promises';
import { dirname, posix, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { normalizePath, type Plugin } from 'vite';
import type { Catalogue } from './resources/locales/catalogues';
import { LANGUAGES } from './resources/locales/languages';
import { contractNames } from './src-preload/contract';
import { parseLaunchCatalogues } from './src-renderer/src/i18n/launch-messages';

const here = import.meta.dirname;

/**
 * Only under `electron-vite dev`: React's fast refresh injects an inline preamble and talks to the dev
 * server over a WebSocket, which the strict policy forbids. Built pages keep the strict policy untouched.
 */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'wallet-desk:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
  };
}

/**
 * A language's catalogue as its resources/locales/<language>/index.ts builds it: its JSON files spread in the
 * order the index spreads them (a later file's message wins, as in the index), and the files it was read from.
 * The index must be exactly that shape (one exported object of spreads only, comments aside); anything else
 * stops the build rather than build a catalogue that differs from the module.
 */
export async function readCatalogue(index: string): Promise<{ messages: Record<string, string>; files: string[] }> {
  const fail = (why: string): never => {
    throw new Error(`wallet-desk:catalogues-as-json: ${index} ${why}`);
  };
  const source = (await readFile(index, 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const fileOf = new Map<string, string>();
  for (const [, name, file] of source.matchAll(/^import (\w+) from '(\.\/[\w-]+\.json)'/gm))
    if (name && file) fileOf.set(name, resolve(dirname(index), file));
  const exported = [...source.matchAll(/export const \w+(?:: \w+)? = \{([^}]*)\};?/g)];
  if (exported.length !== 1) fail(`exports ${exported.length} catalogue objects, not one`);
  const body = exported[0]![1] ?? '';
  if (!/^(?:\s*\.\.\.\w+\s*,)*(?:\s*\.\.\.\w+)?\s*$/.test(body)) fail('builds its catalogue from more than spreads');
  const names = [...body.matchAll(/\.\.\.(\w+)/g)].map(([, name]) => name ?? '');
  const files = names.map((name) => fileOf.get(name) ?? fail(`spreads ${name}, which it does not import`));
  if (files.length === 0) fail('spreads no catalogue file');
  const parts = await Promise.all(files.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as object));
  // As a spread does: own properties, a later file's value in the first file's place (Object.assign would
  // treat a "__proto__" key as the prototype).
  const messages = Object.fromEntries(parts.flatMap((part) => Object.entries(part))) as Record<string, string>;
  return { messages, files: [index, ...files] };
}

/**
 * The English catalogue is part of the app's script (resources/locales/catalogues.ts). Built from its JSON
 * files it became object literals spread into one object of some 1,600 messages, which the page evaluates
 * before the app's first frame; the same object as JSON text given to JSON.parse costs a fraction of that (V8
 * parses JSON faster than it runs literals and spreads). Same messages, same order: it is built from the
 * catalogue itself.
 */
export function englishAsJson(): Plugin {
  return cataloguesAsJson(here, ['en']);
}

/**
 * Every language's catalogue in the main build, as the English one in the first script: as object literals and
 * spreads, some 170 kB per language was V8's largest compile when main loaded one; JSON text is scanned as one
 * string and parsed by JSON.parse, several times faster. Same messages, same order, read from the same files.
 * Main's English is not a script at all (englishOnDemand, below).
 */
export function cataloguesAsJson(root: string, languages: readonly string[]): Plugin {
  // Compared as Vite writes ids (forward slashes, on Windows too), never as path.resolve writes them.
  const indexes = new Map(
    languages.map((language) => [normalizePath(resolve(root, `resources/locales/${language}/index.ts`)), language]),
  );
  return {
    name: 'wallet-desk:catalogues-as-json',
    apply: 'build',
    enforce: 'pre',
    // Read at each load, not once with the config: under --watch an edited message is in the next build.
    async load(id) {
      const index = normalizePath(id);
      const language = indexes.get(index);
      if (language === undefined) return null;
      const { messages, files } = await readCatalogue(index);
      files.forEach((file) => this.addWatchFile(file));
      return `export const ${language} = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
    },
  };
}

/**
 * Main's English catalogue (resources/locales/english-on-demand.ts) as a JSON file beside the bundle, read at
 * main's first message: as JSON text in a string it was some 140 kB that every start compiled and parsed before
 * the core was ready, and the first window is made before main writes a word (src-main/index.ts). Same messages,
 * same order, read from the same files as the module's own import.
 */
export function englishOnDemand(root: string): Plugin {
  const module = normalizePath(resolve(root, 'resources/locales/english-on-demand.ts'));
  const index = resolve(root, 'resources/locales/en/index.ts');
  // Where the chunk finds the file is known only once both are named (renderChunk): until then, this stands in.
  const placeholder = '__WALLET_DESK_ENGLISH_JSON__';
  let file: string | undefined;
  return {
    name: 'wallet-desk:english-on-demand',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      file = undefined;
    },
    async load(id) {
      if (normalizePath(id) !== module) return null;
      const { messages, files } = await readCatalogue(index);
      files.forEach((watched) => this.addWatchFile(watched));
      file = this.emitFile({ type: 'asset', name: 'en.json', source: JSON.stringify(messages) });
      return [
        "import { readFileSync } from 'node:fs';",
        'let english;',
        'export function englishOnDemand() {',
        `  english ??= JSON.parse(readFileSync(new URL(${JSON.stringify(placeholder)}, import.meta.url), 'utf8'));`,
        '  return english;',
        '}',
        '',
      ].join('\n');
    },
    renderChunk(code, chunk) {
      if (file === undefined || !code.includes(placeholder)) return null;
      const relative = posix.relative(posix.dirname(chunk.fileName), this.getFileName(file));
      return { code: code.replaceAll(placeholder, `./${relative}`), map: null };
    },
  };
}

/**
 * The launch paint's messages (src-renderer/src/i18n/launch-catalogues.ts) parsed here, once, and handed to the
 * page as JSON text: the first script then carries a few kB of parsed messages in every language instead of
 * the whole English catalogue, FormatJS and its parser, which the page evaluated (and ran on each message)
 * before the launch paint. The same function parses them under tests, from the same catalogue files.
 */
export function launchCataloguesAsJson(root: string): Plugin {
  const module = normalizePath(resolve(root, 'src-renderer/src/i18n/launch-catalogues.ts'));
  return {
    name: 'wallet-desk:launch-catalogues-as-json',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (normalizePath(id) !== module) return null;
      const [en, de, tr] = await Promise.all(
        ['en', 'de', 'tr'].map((language) => readCatalogue(resolve(root, `resources/locales/${language}/index.ts`))),
      );
      [en, de, tr].forEach((catalogue) => catalogue?.files.forEach((file) => this.addWatchFile(file)));
      const parsed = parseLaunchCatalogues({
        en: en!.messages as Catalogue,
        de: de!.messages as Catalogue,
        tr: tr!.messages as Catalogue,
      });
      return `export const launchCatalogues = JSON.parse(${JSON.stringify(JSON.stringify(parsed))});\n`;
    },
  };
}

/** A classic script of the page, with the comment just before it that says why it is there. */
const CLASSIC_SCRIPT = /[ \t]*(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<script\b(?![^>]*\btype="module")[^>]*><\/script>\n?/g;

const ROOT = '<div id="root"></div>';

/**
 * The page's classic script (public/launch-requests.js) blocks the parser where it stands, and the page's CSP
 * meta tag keeps Chromium from looking ahead for what to fetch meanwhile: every tag after it is requested only
 * once it has arrived and run, one round trip to main after another. Right after #root, it comes after the
 * bundle and the stylesheet (Vite puts them in the head), so they are on their way while it loads, and after
 * the last known balances main serves inside #root (src-main/shell/launch-document.ts), so they are parsed,
 * and may be painted while it is fetched; it still runs before the bundle (a module script runs once the document is
 * parsed). Not preloaded: a script already there when the parser meets it runs at once, and the rows' frame then
 * waited for it and the bundle's run too (balances-paint: first row in the DOM at 76 ms, painted at 131 ms;
 * without the preload, 66 and 82 ms). The page links no other chunk: the app's script (render-app.tsx and its
 * imports) is asked for by the bundle once the last known balances are painted. Linked here (modulepreload), its
 * chunks took connections (six per host) ahead of the harness's preload and the launch script, and compiling
 * them on the page's thread held main's launch answers unread while the paint waited for them.
 */
function classicScriptsAfterRoot(): Plugin {
  return {
    name: 'wallet-desk:classic-scripts-after-root',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const classic = html.match(CLASSIC_SCRIPT) ?? [];
        const rest = html.replace(CLASSIC_SCRIPT, '');
        const root = rest.indexOf(ROOT);
        if (root < 0) throw new Error(`wallet-desk:classic-scripts-after-root: the page has no ${ROOT}`);
        const lineEnd = rest.indexOf('\n', root) + 1;
        if (lineEnd === 0) throw new Error(`wallet-desk:classic-scripts-after-root: nothing follows ${ROOT}`);
        const moved = classic.map((tag) => `    ${tag.trim()}\n`).join('');
        return `${rest.slice(0, lineEnd)}${moved}${rest.slice(lineEnd)}`;
      },
    },
  };
}

/** What rolldown's code splitting hands a group's `name`: the module graph. */
export interface ChunkingGraph {
  getModuleInfo(id: string): { readonly importedIds: readonly string[] } | null;
}

/** A module and every module it imports statically (dynamic imports load later, in chunks of their own). */
function staticClosure(start: string, graph: ChunkingGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The app's script (render-app.tsx) as one chunk with everything it imports that the first script does not.
 * main.tsx imports it in the task right after the launch paint's frame, and rolldown had split what it shares
 * with the lazy screens into nine more chunks: that task put in a <link rel="modulepreload"> for each (a
 * resource request on the page's thread, some 1-3 ms apiece) and main was asked for ten files instead of two.
 * Every launch loads render-app and so everything it imports: one chunk loads no byte more.
 *
 * The members are the static closure of the graph being built, so they are found again at each build (under
 * --watch an edited import changes them): `plugin` forgets them when a build starts.
 */
export function appScriptChunk(root: string): {
  plugin: Plugin;
  name: (id: string, graph: ChunkingGraph) => string | null;
} {
  const firstScript = normalizePath(resolve(root, 'src-renderer/src/main.tsx'));
  const appScript = normalizePath(resolve(root, 'src-renderer/src/render-app.tsx'));
  let members: ReadonlySet<string> | undefined;
  const plugin: Plugin = {
    name: 'wallet-desk:app-script-chunk',
    apply: 'build',
    buildStart() {
      members = undefined;
    },
  };
  const name = (id: string, graph: ChunkingGraph): string | null => {
    if (!members) {
      const first = staticClosure(firstScript, graph);
      members = new Set([...staticClosure(appScript, graph)].filter((member) => !first.has(member)));
    }
    return members.has(id) ? 'render-app' : null;
  };
  return { plugin, name };
}

/**
 * Dependencies the main process needs before its first window, bundled into out/main rather than resolved
 * file by file at start-up: zod alone is about a hundred modules (~40 ms of every cold start), and
 * @formatjs/intl (main's message formatter, resources/locales/format-messages.ts) with its own dependencies some
 * 15 ms more when Node resolves and links them one by one. Shared with the bench's build of the main core, so
 * the figure measures what ships.
 */
export const mainBundledDeps = { exclude: ['zod', 'decimal.js', '@formatjs/intl'] };

/**
 * How main's chunks are written: in ASCII, other characters escaped, and without JSDoc, where the rest of them
 * were. Node reads a file with a single non-ASCII byte into a two-byte string, decoded the slow way and twice the
 * memory, which V8 then compiles; one "…" in a message or a comment did that to a whole chunk. Legal comments stay;
 * bundler annotations (@__PURE__) go too, since nothing bundles out/main again. Shared with the bench's build of
 * the main core.
 */
export const mainOutput = { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } } as const;

/**
 * The contract's operation names as data for the shell's IPC binding (src-main/ipc.ts), as the preload gets
 * them: the window then opens without evaluating the contract's schemas, which only the core needs.
 */
export const mainDefine = { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) };

/**
 * The main build's plugins, shared with the bench's build of the main core (tests/bench/support/main-core.config.ts).
 * `root` is the repository's: a config that imports this one is bundled elsewhere, where this file's own
 * directory is not the repository's.
 */
export function mainPlugins(root: string): Plugin[] {
  // Main writes the launch view into index.html (src-main/shell/launch-view.ts) with the window's parsed messages.
  return [cataloguesAsJson(root, LANGUAGES), englishOnDemand(root), launchCataloguesAsJson(root)];
}

const appScript = appScriptChunk(here);

export default defineConfig({
  main: {
    define: mainDefine,
    plugins: mainPlugins(here),
    build: {
      outDir: 'out/main',
      externalizeDeps: mainBundledDeps,
      rolldownOptions: { input: { index: resolve(here, 'src-main/index.ts') }, output: mainOutput },
    },
  },
  preload: {
    // The preload needs only the contract's names; handing them over as data keeps zod out of it.
    define: { __WALLET_CONTRACT_NAMES__: JSON.stringify(contractNames) },
    build: {
      outDir: 'out/preload',
      // The preload runs before the page on every launch: keep it small.
      minify: true,
      // A sandboxed preload can only require('electron'): bundle everything else into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src-renderer'),
    plugins: [
      react(),
      relaxCspForDevServer(),
      englishAsJson(),
      launchCataloguesAsJson(here),
      classicScriptsAfterRoot(),
      appScript.plugin,
    ],
    build: {
      outDir: resolve(here, 'out/renderer'),
      // electron-vite leaves renderer code unminified; a smaller bundle parses faster at every launch.
      minify: true,
      rolldownOptions: {
        input: { index: resolve(here, 'src-renderer/index.html') },
        // Not recursively: the modules the app's script shares with the first script stay in the first script.
        // Rolldown's option docs (its type definitions) advise strictExecutionOrder with that, for groups that
        // leave a captured module's imports to other chunks, which may then import each other or run a module
        // before what it imports. This group is closed under static imports but for the first script's modules,
        // which the page has run before it asks for the app's script (and which import none of its members):
        // every member's imports are in the group or already run, and no two chunks import each other. Built
        // with the option, the first script became a 51-byte entry importing a chunk with its code (one more
        // file before the launch paint) and render-app grew from 445.6 to 449.8 kB (its modules wrapped in init
        // functions), for an order this group already keeps.
        output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: appScript.name }] } },
      },
    },
  },
});
