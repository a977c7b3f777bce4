import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite documents a reader can open in this repository: the security checklist (docs/security.md,
 * "security.md 28" or "security 28" names its item 28), the service spec (docs/service-interface.md,
 * "spec 7.1" names its section 7.1), the design notes (docs/design.md, `design.md "Shape"` names its
 * section headed Shape) and files under docs/. Issue numbers are not cited: the issues live outside the
 * repository, so a comment names the behaviour instead.
 */
const root = resolve(import.meta.dirname, '../../..');
const scanned = ['src-main', 'src-preload', 'src-renderer/src', 'sandbox', 'tests', 'resources/build'];
const scannedAtRoot = ['README.md', 'eslint.config.js', 'electron.vite.config.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs|js|md|css)$/.test(name) ? [path] : [];
  });
}

const checklist = readFileSync(join(root, 'docs/security.md'), 'utf8');
const checklistItems = new Set([...checklist.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1])));
const spec = readFileSync(join(root, 'docs/service-interface.md'), 'utf8');
const specSections = new Set([...spec.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1]));
const design = readFileSync(join(root, 'docs/design.md'), 'utf8');
/** A heading may be cited whole or without its closing remark in brackets ("Facts from outside the spec"). */
const designSections = new Set(
  [...design.matchAll(/^#{2,4} (.+?)\s*$/gm)].flatMap((match) => {
    const heading = match[1] ?? '';
    return [heading, heading.replace(/\s*\([^)]*\)$/, '')];
  }),
);

interface Citation {
  readonly where: string;
  readonly text: string;
}

function citationsIn(file: string, text: string, pattern: RegExp): Citation[] {
  return [...text.matchAll(pattern)].map((match) => ({
    where: `${file}:${text.slice(0, match.index).split('\n').length}`,
    text: match[0],
  }));
}

function citations(pattern: RegExp): Citation[] {
  return [...scanned.flatMap((dir) => sources(join(root, dir))), ...scannedAtRoot.map((file) => join(root, file))]
    .filter((file) => !file.endsWith('citations.test.ts'))
    .flatMap((file) => citationsIn(relative(root, file), readFileSync(file, 'utf8'), pattern));
}

/**
 * A test file named by its path: from the repository root (tests/…) or, as the coverage map and comments
 * write them, from tests/ (unit/…, integration/…, e2e/…). Part of a longer path (../unit/x.ts) is not one.
 */
const testFilePath = /(?<![\w/.@-])(?:tests|unit|integration|e2e)(?:\/[\w.-]+)+\.(?:tsx?|mjs|js|md|json)\b/g;

/** Where a file's comments are: the whole of a document, the comments of code (string literals are not cited). */
function commentsOf(file: string, text: string): string {
  if (file.endsWith('.md')) return text;
  // CSS has only block comments: a "//" there is part of a value (a URL), not a comment.
  const comment = file.endsWith('.css') ? /\/\*[\s\S]*?\*\//g : /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
  // Everything outside a comment becomes spaces, line breaks kept, so a citation keeps its line number.
  const kept = new Set<number>();
  for (const match of text.matchAll(comment)) {
    for (let at = match.index; at < match.index + match[0].length; at += 1) kept.add(at);
  }
  return [...text].map((char, at) => (kept.has(at) || char === '\n' ? char : ' ')).join('');
}

/** The named test files that are not in the repository. */
function missingTestFiles(file: string, text: string, exists: (path: string) => boolean): Citation[] {
  return citationsIn(file, commentsOf(file, text), testFilePath).filter(
    (citation) => !exists(citation.text.startsWith('tests/') ? citation.text : `tests/${citation.text}`),
  );
}

/** Numbers that point outside the repository: issues, review findings and defects, or a bare "#17". */
const outsideNumbers = /\b(?:issues?|findings?|defects?|review items?) #?\d+|(?<![\w&])#\d+\b/gi;

/**
 * The same in code comments and documents, without the bare "#N", which there names a row of a spec table
 * ("spec 4.1 #11") and in CSS a colour.
 */
const outsideNamedNumbers = /\b(?:issues?|findings?|defects?|review items?) #?\d+/gi;

/** The issue, finding and defect numbers in a file's comments (a document is all comment). */
function outsideNumbersIn(file: string, text: string): Citation[] {
  return citationsIn(file, commentsOf(file, text), outsideNamedNumbers);
}

/** "item 8", "items 1-4", "items 1, 3 and 4": a numbered item of some list. */
const itemNumber = /\b[Ii]tems? #?\d+(?:(?:[-–]|, (?:and )?| and )\d+)*/g;

/** The words that say the list is docs/security.md: "security item 8", "item 8 of the checklist". */
const checklistBefore = /\b(?:security|security\.md|checklist) $/i;
const checklistAfter = /^(?:'s)? of (?:the (?:security )?checklist|docs\/security\.md)\b/;

/** Every numbered item in `text`, and whether the words around it say the list is the security checklist. */
function numberedItems(file: string, text: string): (Citation & { readonly checklist: boolean })[] {
  return [...text.matchAll(itemNumber)].map((match) => ({
    where: `${file}:${text.slice(0, match.index).split('\n').length}`,
    text: match[0],
    checklist:
      checklistBefore.test(text.slice(Math.max(0, match.index - 12), match.index)) ||
      checklistAfter.test(text.slice(match.index + match[0].length)),
  }));
}

/**
 * An item cited by number without saying which list ("(item 2)", "review, items 1-4") points at a list the
 * reader cannot open: a review's or an issue's. Only the security checklist's items may be cited that way,
 * and the citation says so.
 */
function outsideItemsIn(file: string, text: string): Citation[] {
  return numberedItems(file, commentsOf(file, text))
    .filter((item) => !item.checklist)
    .map(({ where, text: cited }) => ({ where, text: cited }));
}

/** Every mention of design.md, with the heading in quotes after it when there is one. */
const designCitation = /\bdesign\.md\b(?: "([^"\n]*)")?/g;

/** A design.md citation resolves when it names a heading of docs/design.md; the bare file name says too little. */
function unresolvedDesignCitations(found: readonly Citation[]): Citation[] {
  return found.filter((citation) => {
    const heading = /^[^"]*"([^"]*)"$/.exec(citation.text)?.[1];
    return heading === undefined || !designSections.has(heading);
  });
}

/** "27-29", "21-26", "16, 20", "23, 28" → every number named. */
function numbersIn(text: string): number[] {
  return [...text.matchAll(/(\d+)(?:[-–](\d+))?/g)].flatMap((match) => {
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
  });
}

describe('citations in comments resolve inside the repository', () => {
  it('the documents are in docs/ and have the items, sections and headings comments cite', () => {
    expect(checklistItems.size).toBeGreaterThanOrEqual(34);
    expect(specSections).toContain('7.1');
    expect(designSections).toContain('Shape');
    expect(designSections).toContain('Facts from outside the spec');
  });

  it('every "security.md N" names an item of docs/security.md', () => {
    const found = citations(/\bsecurity(?:\.md)? \d+(?:(?:[-–]|, (?:and )?| and )\d+)*/g);
    expect(found.length).toBeGreaterThan(50);
    const broken = found.filter((citation) =>
      numbersIn(citation.text.replace(/^security(?:\.md)? /, '')).some((n) => !checklistItems.has(n)),
    );
    expect(broken).toEqual([]);
  });

  it('every "spec N.N" names a section of docs/service-interface.md', () => {
    const found = citations(/\bspec (\d+(?:\.\d+)*)/g);
    expect(found.length).toBeGreaterThan(50);
    const broken = found.filter((citation) => !specSections.has(citation.text.replace(/^spec /, '')));
    expect(broken).toEqual([]);
  });

  it('every design.md citation names a section heading of docs/design.md', () => {
    const found = citations(designCitation);
    expect(found.length).toBeGreaterThan(5);
    expect(unresolvedDesignCitations(found)).toEqual([]);
  });

  it('a design.md citation without a heading, or naming one the document lacks, is reported', () => {
    const text = [
      '// design.md "Shape": resolves.',
      '// design.md "Facts from outside the spec (from the service\'s public SDK)": the whole heading resolves.',
      '// design.md: names no section.',
      '// design.md "Facts from the SDK": no such heading.',
      '// docs/design.md "The Bridge": headings are compared exactly.',
    ].join('\n');
    const found = citationsIn('fixture.ts', text, designCitation);
    expect(found).toHaveLength(5);
    expect(unresolvedDesignCitations(found).map((citation) => citation.where)).toEqual([
      'fixture.ts:3',
      'fixture.ts:4',
      'fixture.ts:5',
    ]);
  });

  it('every docs/ path names a file that is there', () => {
    const broken = citations(/\bdocs\/[\w.-]+\.md\b/g).filter((citation) => {
      try {
        return !statSync(join(root, citation.text)).isFile();
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });

  it('no comment or document cites an issue number, which a reader of the repository cannot open', () => {
    expect(citations(/\b[Ii]ssues? #?\d+/g)).toEqual([]);
  });

  it('no comment or document names an issue, review finding or defect by number: it says the behaviour', () => {
    const files = [...scanned.flatMap((dir) => sources(join(root, dir))), ...scannedAtRoot.map((f) => join(root, f))];
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    const found = files
      .filter((file) => !file.endsWith('citations.test.ts'))
      .flatMap((file) => outsideNumbersIn(relative(root, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('an issue, finding or defect number in a comment of code or CSS is reported; strings and "#N" are not', () => {
    const code = [
      '// Kept unknown (review finding 3).',
      '/**',
      ' * Second hostile review, Finding 10; spec 4.1 #11 is a row of the spec, not an issue.',
      ' */',
      "const title = 'issue 15 in a string is no comment';",
      "it('a test title (defect 2)', () => {}); // findings 1 and 2",
    ].join('\n');
    expect(outsideNumbersIn('code.ts', code).map((c) => `${c.where} ${c.text}`)).toEqual([
      'code.ts:1 finding 3',
      'code.ts:3 Finding 10',
      'code.ts:6 findings 1',
    ]);
    const css = [
      '/* Columns adapt (issue 15, defect 2). */',
      '.a { color: #123456; background: url(https://example.test/issue 18); }',
      '/* History rows as grids',
      '   (Issue #18) */',
    ].join('\n');
    expect(outsideNumbersIn('styles.css', css).map((c) => `${c.where} ${c.text}`)).toEqual([
      'styles.css:1 issue 15',
      'styles.css:1 defect 2',
      'styles.css:4 Issue #18',
    ]);
  });

  it('tests/security-coverage.md names behaviours and tests, never an issue, finding or defect by number', () => {
    const map = 'tests/security-coverage.md';
    expect(citationsIn(map, readFileSync(join(root, map), 'utf8'), outsideNumbers)).toEqual([]);
  });

  it('an issue, finding or defect number in the coverage map is reported', () => {
    const text = [
      '| 28 | … | Covered (issue 13 finding 4). Issues 13 and 14 |',
      '| 34 | … | Finding 10 beside it; see #17 and defect 2 |',
      '| 13 | … | the issuer, security 13, spec 7.1, item 5 of the checklist |',
    ].join('\n');
    expect(citationsIn('map.md', text, outsideNumbers).map((citation) => citation.text)).toEqual([
      'issue 13',
      'finding 4',
      'Issues 13',
      'Finding 10',
      '#17',
      'defect 2',
    ]);
  });
  it("no comment or document cites an item by number without saying it is the security checklist's", () => {
    const files = [...scanned.flatMap((dir) => sources(join(root, dir))), ...scannedAtRoot.map((f) => join(root, f))];
    const found = files
      .filter((file) => !file.endsWith('citations.test.ts'))
      .flatMap((file) => outsideItemsIn(relative(root, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it("an item number that names no list in the repository is reported; the checklist's are not", () => {
    const code = [
      '/** Accounts that span the user (item 3). */',
      '// second hostile review, items 1-4; security.md 27, 29',
      '// (security item 8), security.md item 9, checklist item 10, item 11 of the checklist.',
      "describe('a string (item 12) is no comment', () => {}); // Items 1, 3 and 4",
      "// rests on security item 1's prefs; an item to do",
    ].join('\n');
    expect(outsideItemsIn('code.ts', code).map((c) => `${c.where} ${c.text}`)).toEqual([
      'code.ts:1 item 3',
      'code.ts:2 items 1-4',
      'code.ts:4 Items 1, 3 and 4',
    ]);
    expect(outsideItemsIn('map.md', "| 2 | … | rests on item 1's prefs, and (item 40) |").map((c) => c.text)).toEqual([
      'item 1',
      'item 40',
    ]);
  });

  it('every security checklist item cited as an item ("security item 8") is in docs/security.md', () => {
    const files = [...scanned.flatMap((dir) => sources(join(root, dir))), ...scannedAtRoot.map((f) => join(root, f))];
    const cited = files
      .filter((file) => !file.endsWith('citations.test.ts'))
      .flatMap((file) => numberedItems(relative(root, file), readFileSync(file, 'utf8')))
      .filter((item) => item.checklist);
    expect(cited.length).toBeGreaterThan(5);
    const broken = cited.filter((item) => numbersIn(item.text).some((n) => !checklistItems.has(n)));
    expect(broken).toEqual([]);
  });

  it('every test file the coverage map or a comment names by its path is there', () => {
    const files = [...scanned.flatMap((dir) => sources(join(root, dir))), ...scannedAtRoot.map((f) => join(root, f))];
    const map = readFileSync(join(root, 'tests/security-coverage.md'), 'utf8');
    expect(citationsIn('tests/security-coverage.md', map, testFilePath).length).toBeGreaterThan(50);
    const exists = (path: string): boolean => existsSync(join(root, path));
    const broken = files
      .filter((file) => !file.endsWith('citations.test.ts'))
      .flatMap((file) => missingTestFiles(relative(root, file), readFileSync(file, 'utf8'), exists));
    expect(broken).toEqual([]);
  });

  it('a test file named in the coverage map or a comment that is not there is reported; code is not read', () => {
    const there = new Set([
      'tests/unit/shell/window.test.ts',
      'tests/e2e/send.spec.ts',
      'tests/e2e/playwright.config.ts',
    ]);
    const exists = (path: string): boolean => there.has(path);
    const map = [
      '| 13 | … | unit/shell/window.test.ts; e2e/send.spec.ts |',
      '| 14 | … | e2e/send.test.ts (ported); integration/session/gone.test.ts |',
      '| 15 | … | tests/e2e/playwright.config.ts, tests/e2e/old.config.ts |',
    ].join('\n');
    expect(missingTestFiles('map.md', map, exists).map((c) => `${c.where} ${c.text}`)).toEqual([
      'map.md:2 e2e/send.test.ts',
      'map.md:2 integration/session/gone.test.ts',
      'map.md:3 tests/e2e/old.config.ts',
    ]);
    const code = [
      '// As unit/shell/window.test.ts proves; unit/shell/lost.test.ts proved it too.',
      "const fixture = 'tests/unit/example.test.ts'; // a lint fixture's name, not a citation",
      '/**',
      ' * e2e/gone.spec.ts, and not ../unit/relative.test.ts nor src/e2e/x.ts',
      ' */',
    ].join('\n');
    expect(missingTestFiles('code.ts', code, exists).map((c) => `${c.where} ${c.text}`)).toEqual([
      'code.ts:1 unit/shell/lost.test.ts',
      'code.ts:4 e2e/gone.spec.ts',
    ]);
  });
});
