import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { networks } from '../../../src-preload/contract/assets';

/**
 * The app's words (every string, template and JSX text of main, the preload contract and the renderer) are
 * whole sentences a translator can later move to catalogues as they are: no "(s)" plurals (both forms are
 * written out), and no article chosen before a name is known ("An Binance Smartchain address"): the sentence
 * is phrased so that no article depends on the name. The English catalogue (resources/locales/en) holds
 * most of them now, so its messages are read too.
 */
const root = resolve(import.meta.dirname, '../../..');
const scanned = ['src-main', 'src-preload', 'src-renderer/src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

interface Text {
  readonly where: string;
  /** The text, with `${…}` where a value is put in. */
  readonly text: string;
}

const HOLE = '${…}';

/** Every piece of text in a file: string literals, templates (their holes marked) and JSX text runs. */
function textsIn(file: string): Text[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Text[] = [];
  const where = (node: ts.Node) =>
    `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ where: where(node), text: node.text });
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
      found.push({ where: where(node), text });
    } else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // A JSX run reads as one text: its literal parts, with a hole where an expression is put in.
      const text = node.children
        .map((child) => (ts.isJsxText(child) ? child.text : ts.isJsxExpression(child) ? HOLE : ' '))
        .join('')
        .replace(/\s+/g, ' ');
      if (text.trim() !== '') found.push({ where: where(node), text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The English catalogue's messages, each a text whose plain `{argument}`s are holes. */
function catalogueTexts(): Text[] {
  const dir = join(root, 'resources/locales/en');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) =>
      Object.entries(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>).map(
        ([id, message]) => ({
          where: `${relative(root, join(dir, name))}: ${id}`,
          text: message.replace(/\{\w+\}/g, HOLE),
        }),
      ),
    );
}

const texts = [...scanned.flatMap((dir) => sources(join(root, dir))).flatMap(textsIn), ...catalogueTexts()];

/** Where `pattern` matches, as "file:line: text" for a readable failure. */
function matching(pattern: RegExp): string[] {
  return texts.filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where}: ${text.trim()}`);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the wording of the app’s messages', () => {
  it('finds the texts it checks (the scan reads the sources)', () => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(matching(/^Enter an address\.$/)).not.toEqual([]);
  });

  it('writes plurals out instead of "(s)"', () => {
    expect(matching(/\w\(s\)/)).toEqual([]);
  });

  it('puts no article before a value filled in later, so none can be the wrong one', () => {
    const hole = escaped(HOLE);
    expect(matching(new RegExp(`(^|[^\\w’'-])[Aa]n? ${hole}`))).toEqual([]);
  });

  it('puts "a" or "an" before a network name by how the name sounds', () => {
    for (const { name } of Object.values(networks)) {
      // These names sound as they are spelled: a vowel letter first is a vowel sound first.
      const wrongArticle = /^[AEIOU]/.test(name) ? '[Aa]' : '[Aa]n';
      expect(matching(new RegExp(`(^|[^\\w’'-])${wrongArticle} ${escaped(name)}\\b`)), name).toEqual([]);
    }
  });
});
