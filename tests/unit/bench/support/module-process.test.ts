import { describe, expect, it } from 'vitest';
import type { FigureResult } from '../../../bench/support/figure';
import { figuresFromChild } from '../../../bench/support/module-process';

const summary = { n: 3, median: 1.2, p10: 1.1, p90: 1.3, min: 1, max: 1.4 };
const ratio: FigureResult = {
  id: 'journal-write',
  title: 'money journal write-ahead',
  unit: '×',
  target: { value: 1.5 },
  summary,
  verdict: 'pass',
  method: 'pairs',
  details: { appSamples: [1, 2, 3] },
  absolute: { unit: 'ms', app: summary, floor: summary },
};

describe("a module's figures come back from its own process", () => {
  it('as the module made them, absent keys left absent', () => {
    const figures = figuresFromChild('journal-write', 0, JSON.stringify([ratio]));
    expect(figures).toEqual([ratio]);
    expect(Object.keys(figures[0]!)).not.toContain('note');
  });

  it('as one broken figure when the process failed, whatever it wrote', () => {
    expect(figuresFromChild('idle-cost', 2, JSON.stringify([ratio]))).toEqual([
      expect.objectContaining({ id: 'idle-cost', verdict: 'error', summary: null, note: 'its process ended with 2' }),
    ]);
    expect(figuresFromChild('idle-cost', null, null)[0]).toMatchObject({ verdict: 'error' });
  });

  it('as one broken figure when it wrote nothing, or not a list of figures', () => {
    expect(figuresFromChild('growth', 0, null)[0]).toMatchObject({ id: 'growth', verdict: 'error' });
    expect(figuresFromChild('growth', 0, '{"figures"')[0]).toMatchObject({ verdict: 'error' });
    expect(figuresFromChild('growth', 0, JSON.stringify([{ ...ratio, verdict: 'great' }]))[0]).toMatchObject({
      id: 'growth',
      verdict: 'error',
    });
  });
});
