import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cataloguesAsJson, mainPlugins } from '../../../electron.vite.config';
import { de } from '../../../resources/locales/de';
import { en } from '../../../resources/locales/en';
import { tr } from '../../../resources/locales/tr';

const root = resolve(import.meta.dirname, '../../..');

/** The plugin's load hook, called as the bundler calls it. */
async function load(id: string): Promise<unknown> {
  const hook = cataloguesAsJson(root, ['en', 'de', 'tr']).load;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the plugin has no load hook');
  // The one part of the bundler's context the hook uses.
  const context = { addWatchFile: (): void => undefined };
  const call = handler as unknown as (this: typeof context, id: string) => unknown;
  return call.call(context, id);
}

describe("main's catalogues built as JSON text (electron.vite.config.ts)", () => {
  it.each([
    ['en', en],
    ['de', de],
    ['tr', tr],
  ] as const)('builds %s with the messages of its catalogue, in the same order', async (language, catalogue) => {
    const code = await load(resolve(root, `resources/locales/${language}/index.ts`));
    expect(code).toBe(`export const ${language} = JSON.parse(${JSON.stringify(JSON.stringify(catalogue))});\n`);
  });

  it('leaves every other module to the bundler', async () => {
    expect(await load(resolve(root, 'resources/locales/catalogues.ts'))).toBeNull();
  });

  it('is part of the main build that ships and that the bench measures', () => {
    expect(mainPlugins(root).map((plugin) => plugin.name)).toContain('wallet-desk:catalogues-as-json');
  });
});
