import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchCataloguesAsJson } from '../../../../electron.vite.config';
import { launchCatalogues } from '../../../../src-renderer/src/i18n/launch-catalogues';

const root = resolve(import.meta.dirname, '../../../..');
const module = resolve(root, 'src-renderer/src/i18n/launch-catalogues.ts');

/** The plugin's load hook, called as the bundler calls it. */
async function load(id: string): Promise<unknown> {
  const hook = launchCataloguesAsJson(root).load;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the plugin has no load hook');
  const context = { addWatchFile: (): void => undefined };
  const call = handler as unknown as (this: typeof context, id: string) => unknown;
  return call.call(context, id);
}

describe("the launch paint's messages built as JSON for the first script (electron.vite.config.ts)", () => {
  it('are the messages the module parses under tests, in every language, as data', async () => {
    const code = await load(module);
    expect(code).toBe(
      `export const launchCatalogues = JSON.parse(${JSON.stringify(JSON.stringify(launchCatalogues))});\n`,
    );
    expect(Object.keys(launchCatalogues)).toEqual(['en', 'de', 'tr', 'pseudo']);
    expect(launchCatalogues.de['home.wallets.amount']).toEqual([{ type: 0, value: 'Betrag' }]);
  });

  it('leaves every other module as it is', async () => {
    expect(await load(resolve(root, 'src-renderer/src/i18n/launch-text.ts'))).toBeNull();
  });
});
