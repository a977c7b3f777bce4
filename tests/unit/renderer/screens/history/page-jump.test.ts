import { describe, expect, it } from 'vitest';
import { t } from '../../../../../src-renderer/src/i18n/text';
import { resolvePageJump, type PageJump } from '../../../../../src-renderer/src/screens/history/page-jump';

/** The note as the page shows it (in English, the language a test starts in). */
function noteOf(jump: PageJump): string | null {
  if (jump.kind === 'invalid') return t(jump.message.id, jump.message.values);
  return jump.note && t(jump.note.id, jump.note.values);
}

describe('resolvePageJump: the page the Go button goes to', () => {
  it('goes to a page inside the range without a note', () => {
    expect(resolvePageJump(' 7 ', 400)).toEqual({ kind: 'go', page: 7, note: null });
    expect(resolvePageJump('400', 400)).toEqual({ kind: 'go', page: 400, note: null });
  });

  it('clamps past the end to the last page and says so', () => {
    const jump = resolvePageJump('9999', 400);
    expect(jump).toMatchObject({ kind: 'go', page: 400 });
    expect(noteOf(jump)).toBe('There are only 400 pages; showing page 400.');
    const single = resolvePageJump('2', 0);
    expect(single).toMatchObject({ kind: 'go', page: 1 });
    expect(noteOf(single)).toBe('There is only 1 page; showing page 1.');
  });

  it('clamps 0 to the first page and says so', () => {
    const jump = resolvePageJump('0', 400);
    expect(jump).toMatchObject({ kind: 'go', page: 1 });
    expect(noteOf(jump)).toBe('Pages start at 1; showing page 1.');
  });

  it('refuses what is not a whole number, changing nothing', () => {
    for (const text of ['', 'abc', '-3', '2.5', '1e3']) {
      const jump = resolvePageJump(text, 400);
      expect(jump).toMatchObject({ kind: 'invalid' });
      expect(noteOf(jump)).toBe('Enter a whole page number, such as 3.');
    }
  });
});
