/**
 * Main's core (src-main/app-core.ts) loads at start only what the launch asks for; the other features are
 * built at their first operation (src-main/core/deferred-part.ts), so their code and zod schemas are in
 * chunks out/main reaches through import() alone, never through the core's static imports.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../resources/locales/en';

const outMain = join(import.meta.dirname, '../../out/main');

const STATIC_IMPORT = /^import\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"/gm;
const DYNAMIC_IMPORT = /\bimport\("(\.{1,2}\/[^"]+)"\)/g;

async function sourceOf(file: string): Promise<string> {
  return readFile(join(outMain, file), 'utf8');
}

/** Every script of out/main, as paths relative to it. */
async function builtScripts(): Promise<string[]> {
  return (await readdir(outMain, { recursive: true })).filter((file) => file.endsWith('.js'));
}

/** The chunk files `file` imports with `pattern`, as paths relative to out/main. */
async function importsOf(file: string, pattern: RegExp): Promise<string[]> {
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
  return [...(await sourceOf(file)).matchAll(pattern)].map((match) => join(dir, match[1] ?? ''));
}

/** The file and every chunk it reaches through static imports: what evaluating it loads. */
async function staticClosure(file: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop() ?? '';
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(await importsOf(next, STATIC_IMPORT)));
  }
  return seen;
}

async function coreChunk(): Promise<string> {
  const chunks = await importsOf('index.js', DYNAMIC_IMPORT);
  const core = chunks.find((chunk) => /\/app-core-[^/]+\.js$/.test(chunk));
  if (core === undefined) throw new Error(`out/main/index.js imports no app-core chunk: ${chunks.join(', ')}`);
  return core;
}

async function defines(files: Iterable<string>, name: string): Promise<boolean> {
  const sources = await Promise.all([...files].map(sourceOf));
  return sources.some((source) => source.includes(`function ${name}(`));
}

describe("main's core at start (out/main)", () => {
  it.each([
    'createSendService',
    'createSwapService',
    'createWithdrawFeature',
    'createPayouts',
    'createMerchantFeature',
    'createAddressBook',
    'createSettleRound',
    'createHistoryExports',
    'createLabelTransfer',
    'createPaymentRequests',
    'createDepositAddresses',
    'createNotificationsFeature',
    'createEnvironmentHandlers',
  ])('%s is loaded on first use, not with the core', async (name) => {
    const atStart = await staticClosure(await coreChunk());
    const all = await builtScripts();
    expect(await defines(all, name)).toBe(true);
    expect(await defines(atStart, name)).toBe(false);
  });

  it('the launch questions are answered by what the core loads at start', async () => {
    const atStart = await staticClosure(await coreChunk());
    for (const name of [
      'createSessionService',
      'createPortfolioFeature',
      'createAppHandlers',
      'openMoneyJournal',
      'createMoneyAlarms',
    ]) {
      expect(await defines(atStart, name), name).toBe(true);
    }
  });

  it('compiles no catalogue at start: the others load when chosen, English is read at the first message', async () => {
    const atStart = new Set([...(await staticClosure('index.js')), ...(await staticClosure(await coreChunk()))]);
    const all = await builtScripts();
    const sources = async (files: Iterable<string>) => (await Promise.all([...files].map(sourceOf))).join('\n');
    const startText = await sources(atStart);
    const allText = await sources(all);
    // The catalogues' "Loading" in German and in Turkish, as the build writes them (JSON text in a string, in
    // ASCII: electron.vite.config.ts, mainOutput).
    for (const loading of ['Wird geladen', 'Y\\u00FCkleniyor']) {
      expect(allText).toContain(loading);
      expect(startText).not.toContain(loading);
    }
    // English, as a JSON file beside the chunks (electron.vite.config.ts, englishOnDemand), not in a script.
    expect(startText).not.toContain('common.loading');
    const json = (await readdir(outMain, { recursive: true })).filter((file) => /(^|\/)en-[^/]+\.json$/.test(file));
    expect(json).toHaveLength(1);
    expect(JSON.parse(await sourceOf(json[0] ?? ''))).toMatchObject({ 'common.loading': 'Loading' });
  });

  it("main's English is read from the file beside the chunk that reads it", async () => {
    const all = await builtScripts();
    const readers: string[] = [];
    for (const file of all) if ((await sourceOf(file)).includes('function englishOnDemand(')) readers.push(file);
    expect(readers).toHaveLength(1);
    const reader = readers[0] ?? '';
    // The URL the built module reads (electron.vite.config.ts, englishOnDemand), resolved as it resolves it.
    const url = /readFileSync\(new URL\("([^"]+)", import\.meta\.url\)/.exec(await sourceOf(reader))?.[1];
    expect(url).toMatch(/^\.\/(chunks\/)?en-[^/]+\.json$/);
    const file = fileURLToPath(new URL(url ?? '', pathToFileURL(join(outMain, reader))));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(en);
  });
});

describe("main's chunks (out/main)", () => {
  it('are ASCII, so Node reads each into a one-byte string', async () => {
    const all = await builtScripts();
    expect(all.length).toBeGreaterThan(10);
    for (const file of all) expect(/[^\t\n\r -\x7f]/.exec(await sourceOf(file))?.[0], file).toBeUndefined();
  });
});
