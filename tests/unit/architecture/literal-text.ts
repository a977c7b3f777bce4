import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const root = resolve(import.meta.dirname, '../../..');

/** Text that reads as a sentence for people: a capital, then at least two more words. */
const SENTENCE = /^[A-Z][\p{L}'’-]*[,:]?(\s+\S+){2,}/u;

/**
 * Proper names that look like sentences to the pattern above: network names are written as the service's
 * specification writes them (docs/service-interface.md, the balance table) and are never translated.
 */
const PROPER_NAMES = new Set(['Binance Smart Chain']);

const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/** Arguments that are for developers, not users: log lines and programming errors. */
function forDevelopers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression)) {
      const method = at.expression.name.text;
      const target = at.expression.expression.getText();
      if (LOG_METHODS.has(method) && /log/i.test(target)) return true;
    }
    if (
      ts.isNewExpression(at) &&
      ts.isIdentifier(at.expression) &&
      /^(Error|TypeError|RangeError)$/.test(at.expression.text)
    )
      return true;
    if (ts.isFunctionLike(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ` x ${span.literal.text}`).join('');
  return null;
}

/**
 * A template's own pieces of text, each on its own: a sentence that follows a placeholder
 * (`${reason} No file was saved.`) does not start the template, so the whole would not read as one.
 */
function templatePieces(node: ts.Node): string[] {
  if (!ts.isTemplateExpression(node)) return [];
  return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
}

/**
 * True when the text is the value of a property named in `skip` (`{ meaning: '…' }`), or in its list, or a value
 * of a table held in a constant named in `skip` (`const labels = { 3: '…' }`).
 */
function inSkippedProperty(node: ts.Node, skip: ReadonlySet<string>): boolean {
  const value = ts.isArrayLiteralExpression(node.parent) ? node.parent : node;
  const parent = value.parent;
  if (!ts.isPropertyAssignment(parent) || parent.initializer !== value) return false;
  if (skip.has(parent.name.getText())) return true;
  const table = parent.parent.parent;
  return ts.isVariableDeclaration(table) && skip.has(table.name.getText());
}

/**
 * The sentences written into one main-process file outside the catalogues, with their line numbers. Values of
 * the properties in `skip` are left alone: a table's column that holds the service's own words, never shown.
 */
export function literalSentences(path: string, skip: ReadonlySet<string> = new Set()): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = textOf(node);
    if (text !== null) {
      const sentence = [text, ...templatePieces(node)].find(
        (candidate) => SENTENCE.test(candidate.trim()) && !PROPER_NAMES.has(candidate.trim()),
      );
      if (
        sentence !== undefined &&
        !ts.isImportDeclaration(node.parent) &&
        !forDevelopers(node) &&
        !inSkippedProperty(node, skip)
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${line}: ${sentence.trim() === text.trim() ? text.slice(0, 60) : sentence.trim().slice(0, 60)}`);
      }
      // Words can hide inside a template's placeholders too (`${one ? 'An earlier request' : '…'} may …`).
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every source file of main, the preload and the renderer that could write text for people (the catalogues' own
 * code aside): main's refusals and notices, the contract's input issues, the renderer's stores and word modules
 * (JSX itself is eslint's, the formatjs rule in eslint.config.js).
 */
export function textSources(directory = root): string[] {
  if (directory === root)
    return ['src-main', 'src-preload', 'src-renderer/src'].flatMap((part) => textSources(resolve(root, part)));
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : textSources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}
