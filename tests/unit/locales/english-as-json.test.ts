import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { englishAsJson, readCatalogue } from '../../../electron.vite.config';
import { en } from '../../../resources/locales/en';

// Vite's normalizePath as it behaves on Windows (it turns backslashes into slashes only there), so the
// comparison a Windows build makes is made here too.
vi.mock('vite', async (original) => ({
  ...(await original<typeof import('vite')>()),
  normalizePath: (id: string) => posix.normalize(id.replace(/\\/g, '/')),
}));

const index = resolve(import.meta.dirname, '../../../resources/locales/en/index.ts');

/** The plugin's load hook, called as the bundler calls it, with the files it asked to be watched. */
async function load(id: string): Promise<{ code: unknown; watched: string[] }> {
  const hook = englishAsJson().load;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the plugin has no load hook');
  const watched: string[] = [];
  // The one part of the bundler's context the hook uses.
  const context = { addWatchFile: (file: string): void => void watched.push(file) };
  const call = handler as unknown as (this: typeof context, id: string) => unknown;
  const code: unknown = await call.call(context, id);
  return { code, watched };
}

describe('the English catalogue built as JSON for the first script (electron.vite.config.ts)', () => {
  it('holds the messages of resources/locales/en, in the same order', async () => {
    const { messages } = await readCatalogue(index);
    expect(JSON.stringify(messages)).toBe(JSON.stringify(en));
  });

  it("recognises the catalogue when Vite's id is written with backslashes, as on Windows", async () => {
    const { code } = await load(index.replace(/\//g, '\\'));
    expect(code).toBe(`export const en = JSON.parse(${JSON.stringify(JSON.stringify(en))});\n`);
  });

  it('asks to watch the index and every file it spreads, so --watch rebuilds an edited message', async () => {
    const { watched } = await load(index);
    expect(watched[0]).toBe(index);
    expect(watched.filter((file) => file.endsWith('.json'))).toHaveLength(Object.keys(await filesOf()).length);
  });

  it('reads the files again at each load: an edit made after the config was loaded is in the next build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'english-as-json-'));
    const source = [
      "import first from './first.json' with { type: 'json' };",
      "import second from './second.json' with { type: 'json' };",
      '',
      'export const en = {',
      '  ...second,',
      '  ...first,',
      '};',
    ].join('\n');
    writeFileSync(join(dir, 'index.ts'), source);
    writeFileSync(join(dir, 'first.json'), JSON.stringify({ 'first.a': 'One.', shared: 'From first.' }));
    writeFileSync(join(dir, 'second.json'), JSON.stringify({ 'second.a': 'Two.', shared: 'From second.' }));
    expect((await readCatalogue(join(dir, 'index.ts'))).messages).toEqual({
      'second.a': 'Two.',
      shared: 'From first.',
      'first.a': 'One.',
    });
    writeFileSync(join(dir, 'first.json'), JSON.stringify({ 'first.a': 'One, edited.', shared: 'From first.' }));
    expect((await readCatalogue(join(dir, 'index.ts'))).messages['first.a']).toBe('One, edited.');
  });

  it('stops the build on an index it would misread, rather than build a different catalogue', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'english-as-json-'));
    writeFileSync(join(dir, 'first.json'), JSON.stringify({ 'first.a': 'One.' }));
    const withBody = (...lines: string[]): string =>
      ["import first from './first.json' with { type: 'json' };", '', ...lines].join('\n');
    const read = async (source: string): Promise<unknown> => {
      writeFileSync(join(dir, 'index.ts'), source);
      return (await readCatalogue(join(dir, 'index.ts'))).messages;
    };
    // Comments are not spreads: a commented-out file stays out, as in the module.
    await expect(read(withBody('export const en = {', '  // ...legacy,', '  ...first,', '};'))).resolves.toEqual({
      'first.a': 'One.',
    });
    await expect(read(withBody('export const en = {', '  ...first,', "  'x.y': 'Literal.',", '};'))).rejects.toThrow(
      'builds its catalogue from more than spreads',
    );
    await expect(
      read(withBody('export const old = { ...first };', 'export const en = {', '  ...first,', '};')),
    ).rejects.toThrow('exports 2 catalogue objects, not one');
    await expect(read(withBody('export const en = {', '  ...second,', '};'))).rejects.toThrow(
      'spreads second, which it does not import',
    );
  });

  it('keeps a "__proto__" message as a message, as a spread does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'english-as-json-'));
    writeFileSync(join(dir, 'first.json'), '{"__proto__": "Odd.", "first.a": "One."}');
    writeFileSync(
      join(dir, 'index.ts'),
      ["import first from './first.json' with { type: 'json' };", 'export const en = { ...first };'].join('\n'),
    );
    const { messages } = await readCatalogue(join(dir, 'index.ts'));
    expect(Object.getPrototypeOf(messages)).toBe(Object.prototype);
    expect(Object.keys(messages)).toEqual(['__proto__', 'first.a']);
  });
});

/** The JSON files the real index imports, by name. */
async function filesOf(): Promise<Record<string, true>> {
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(index, 'utf8');
  return Object.fromEntries([...source.matchAll(/from '(\.\/\w+\.json)'/g)].map(([, file]) => [file ?? '', true]));
}
