import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite documents a reader can open in this repository: the security checklist (docs/security.md,
 * "security.md 28" or "security 28" names its item 28), the service spec (docs/service-interface.md,
 * "spec 7.1" names its section 7.1) and files under docs/. Issue numbers are not cited: the issues live
 * outside the repository, so a comment names the behaviour instead.
 */
const root = resolve(import.meta.dirname, '../../..');
const scanned = ['src-main', 'src-preload', 'src-renderer/src', 'sandbox', 'tests'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

const checklist = readFileSync(join(root, 'docs/security.md'), 'utf8');
const checklistItems = new Set([...checklist.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1])));
const spec = readFileSync(join(root, 'docs/service-interface.md'), 'utf8');
const specSections = new Set([...spec.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1]));

interface Citation {
  readonly where: string;
  readonly text: string;
}

function citations(pattern: RegExp): Citation[] {
  return scanned
    .flatMap((dir) => sources(join(root, dir)))
    .filter((file) => !file.endsWith('citations.test.ts'))
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(pattern)].map((match) => ({
        where: `${relative(root, file)}:${text.slice(0, match.index).split('\n').length}`,
        text: match[0],
      }));
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
  it('the documents are in docs/ and have the items and sections comments cite', () => {
    expect(checklistItems.size).toBeGreaterThanOrEqual(34);
    expect(specSections).toContain('7.1');
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

  it('no comment cites an issue number, which a reader of the repository cannot open', () => {
    expect(citations(/\b[Ii]ssue \d+/g)).toEqual([]);
  });
});
