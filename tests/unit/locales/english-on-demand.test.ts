import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { englishOnDemand, mainPlugins } from '../../../electron.vite.config';
import { en } from '../../../resources/locales/en';

const root = resolve(import.meta.dirname, '../../..');
const moduleId = resolve(root, 'resources/locales/english-on-demand.ts');

interface Emitted {
  readonly type: string;
  readonly name?: string;
  readonly source?: string;
}

/** The plugin's hooks, called as the bundler calls them, with the parts of its context they use. */
function bundlerOf(plugin = englishOnDemand(root)) {
  const emitted: Emitted[] = [];
  const fileNames = new Map<string, string>();
  const context = {
    addWatchFile: (): void => undefined,
    emitFile: (file: Emitted): string => {
      emitted.push(file);
      return `ref${emitted.length}`;
    },
    getFileName: (reference: string): string => fileNames.get(reference) ?? '',
  };
  const hook = <A extends unknown[], R>(value: unknown): ((...args: A) => R) => {
    const handler = (typeof value === 'function' ? value : (value as { handler?: unknown } | undefined)?.handler) as
      ((this: typeof context, ...args: A) => R) | undefined;
    if (!handler) throw new Error('the plugin lacks a hook the build calls');
    return (...args) => handler.call(context, ...args);
  };
  return {
    emitted,
    name: (reference: string, fileName: string) => fileNames.set(reference, fileName),
    load: hook<[string], Promise<string | null>>(plugin.load),
    renderChunk: hook<[string, { fileName: string }], { code: string } | null>(plugin.renderChunk),
  };
}

describe("main's English read at its first message (electron.vite.config.ts)", () => {
  it('emits the catalogue as a JSON file of the same messages, in the same order', async () => {
    const bundler = bundlerOf();
    await bundler.load(moduleId);
    expect(bundler.emitted).toHaveLength(1);
    expect(bundler.emitted[0]?.type).toBe('asset');
    expect(bundler.emitted[0]?.source).toBe(JSON.stringify(en));
  });

  it('builds a module that reads that file beside its chunk once, at the first call', async () => {
    const bundler = bundlerOf();
    const code = await bundler.load(moduleId);
    bundler.name('ref1', 'chunks/en-abc.json');
    const rendered = bundler.renderChunk(`// chunk\n${code ?? ''}`, { fileName: 'chunks/main-text-xyz.js' });
    expect(rendered?.code).toContain('new URL("./en-abc.json", import.meta.url)');
    // Run as built: the module and the file side by side, as out/main has them.
    const dir = await mkdtemp(join(tmpdir(), 'english-on-demand-'));
    try {
      await writeFile(join(dir, 'main-text-xyz.mjs'), rendered?.code ?? '');
      const built = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'main-text-xyz.mjs')).href)) as {
        englishOnDemand: () => Record<string, string>;
      };
      // Not read when the module loads: the file is there only from here on.
      await writeFile(join(dir, 'en-abc.json'), bundler.emitted[0]?.source ?? '');
      const first = built.englishOnDemand();
      expect(first).toEqual(en);
      // Read once: the file gone, the next call still answers, with the same object.
      await rm(join(dir, 'en-abc.json'));
      expect(built.englishOnDemand()).toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('finds the file from a chunk in another folder', async () => {
    const bundler = bundlerOf();
    const code = await bundler.load(moduleId);
    bundler.name('ref1', 'chunks/en-abc.json');
    expect(bundler.renderChunk(code ?? '', { fileName: 'index.js' })?.code).toContain('"./chunks/en-abc.json"');
  });

  it('leaves every other module, and every chunk without the module, to the bundler', async () => {
    const bundler = bundlerOf();
    expect(await bundler.load(resolve(root, 'resources/locales/catalogues.ts'))).toBeNull();
    expect(bundler.emitted).toHaveLength(0);
    expect(bundler.renderChunk('export const x = 1;', { fileName: 'index.js' })).toBeNull();
  });

  it('is part of the main build that ships and that the bench measures', () => {
    expect(mainPlugins(root).map((plugin) => plugin.name)).toContain('wallet-desk:english-on-demand');
  });
});
