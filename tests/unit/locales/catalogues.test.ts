import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isStructurallySame, parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { english } from '../../../resources/locales/catalogues';
import { LANGUAGES } from '../../../resources/locales/languages';

const root = resolve(import.meta.dirname, '../../../resources/locales');
const areaFiles = (language: string): string[] =>
  readdirSync(resolve(root, language))
    .filter((name) => name.endsWith('.json'))
    .sort();
const read = (language: string, file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(resolve(root, language, file), 'utf8')) as Record<string, unknown>;

describe('the message catalogues (resources/locales)', () => {
  it('list the same area files in every language, and each index takes in every file', () => {
    const files = areaFiles('en');
    expect(files.length).toBeGreaterThan(1);
    for (const language of LANGUAGES) {
      expect(areaFiles(language), language).toEqual(files);
      const index = readFileSync(resolve(root, language, 'index.ts'), 'utf8');
      for (const file of files) expect(index, `${language}/index.ts imports ${file}`).toContain(`'./${file}'`);
    }
  });

  it("start every key with its file's name, and hold only text", () => {
    for (const language of LANGUAGES)
      for (const file of areaFiles(language)) {
        const area = file.replace(/\.json$/, '');
        for (const [key, value] of Object.entries(read(language, file))) {
          expect(key.startsWith(`${area}.`), `${language}/${file}: ${key}`).toBe(true);
          expect(typeof value, `${language}/${file}: ${key}`).toBe('string');
        }
      }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'have every English message in %s, no other, each with the same arguments, plurals and tags',
    (language) => {
      for (const file of areaFiles('en')) {
        const source = read('en', file);
        const translated = read(language, file);
        expect(Object.keys(translated).sort(), `${language}/${file}`).toEqual(Object.keys(source).sort());
        for (const [key, message] of Object.entries(source)) {
          const same = isStructurallySame(parse(String(message)), parse(String(translated[key])));
          expect(same.success ? null : `${key}: ${same.error?.message}`, `${language}/${file}`).toBeNull();
        }
      }
    },
  );

  it('parse as ICU MessageFormat, every message in every language', () => {
    for (const language of LANGUAGES) {
      const catalogue = catalogueNow(language);
      for (const [key, message] of Object.entries(catalogue))
        expect(() => parse(String(message)), `${language}: ${key}`).not.toThrow();
    }
  });

  it('give each plural an "other" case and write counts with # or the argument, never "(s)"', () => {
    for (const language of LANGUAGES)
      for (const [key, message] of Object.entries(catalogueNow(language))) {
        expect(String(message), `${language}: ${key}`).not.toMatch(/\w\(s\)/);
        for (const plural of String(message).matchAll(/\{\s*\w+\s*,\s*plural\s*,/g))
          expect(String(message).slice(plural.index), `${language}: ${key}`).toMatch(/other\s*\{/);
      }
  });

  it('are what the app loads: English merged from its files, key for key', () => {
    const merged = Object.assign({}, ...areaFiles('en').map((file) => read('en', file))) as Record<string, string>;
    expect(english).toEqual(merged);
  });
});
