/**
 * The packages main's start imports (the contract's schemas, money arithmetic, the message formatter) are
 * inside out/main (electron.vite.config.ts, mainBundledDeps), not imported from node_modules: each would cost
 * main's start a resolve and link of its files one by one.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const outMain = join(import.meta.dirname, '../../out/main');

async function importedPackages(): Promise<Set<string>> {
  const files = (await readdir(outMain, { recursive: true })).filter((file) => file.endsWith('.js'));
  const sources = await Promise.all(files.map((file) => readFile(join(outMain, file), 'utf8')));
  const specifiers = sources.flatMap((source) =>
    [...source.matchAll(/(?:^import\s[^;]*?from\s*|\bimport\()"([^"]+)"/gm)].map((match) => match[1] ?? ''),
  );
  return new Set(specifiers);
}

describe('the packages main bundles (out/main)', () => {
  it.each(['zod', 'decimal.js', '@formatjs/intl'])('%s is bundled, never imported from node_modules', async (name) => {
    const imported = [...(await importedPackages())].filter(
      (specifier) => specifier === name || specifier.startsWith(`${name}/`),
    );
    expect(imported).toEqual([]);
  });
});
