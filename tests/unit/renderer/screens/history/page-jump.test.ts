import { describe, expect, it } from 'vitest';
import { resolvePageJump } from '../../../../../src-renderer/src/screens/history/page-jump';

describe('resolvePageJump: the page the Go button goes to', () => {
  it('goes to a page inside the range without a note', () => {
    expect(resolvePageJump(' 7 ', 400)).toEqual({ kind: 'go', page: 7, note: null });
    expect(resolvePageJump('400', 400)).toEqual({ kind: 'go', page: 400, note: null });
  });

  it('clamps past the end to the last page and says so', () => {
    const jump = resolvePageJump('9999', 400);
    expect(jump).toMatchObject({ kind: 'go', page: 400 });
    expect(jump.kind === 'go' && jump.note).toMatch(/only 400 pages; showing page 400/);
    expect(resolvePageJump('2', 0)).toMatchObject({ kind: 'go', page: 1, note: expect.stringMatching(/only 1 page/) });
  });

  it('clamps 0 to the first page and says so', () => {
    expect(resolvePageJump('0', 400)).toEqual({ kind: 'go', page: 1, note: 'Pages start at 1; showing page 1.' });
  });

  it('refuses what is not a whole number, changing nothing', () => {
    for (const text of ['', 'abc', '-3', '2.5', '1e3']) {
      expect(resolvePageJump(text, 400)).toMatchObject({ kind: 'invalid' });
    }
  });
});
