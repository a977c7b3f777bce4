import { describe, expect, it } from 'vitest';
import { profileShares, scriptOf, type CpuProfile } from '../../../bench/support/profile-shares';

const APP = 'http://127.0.0.1:5000/assets/render-app-M2BxY8yQ.js';
const PICTURES = 'http://127.0.0.1:5000/assets/portfolio-pictures-DT5YpZmi.js';

function frame(functionName: string, url = '', lineNumber = -1, columnNumber = -1) {
  return { functionName, url, lineNumber, columnNumber };
}

/** Samples every 1 ms after a profiler start-up of 90 ms: rebuild, rebuild, React, layout, then idle. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('K', PICTURES, 1, 9130) },
    { id: 3, callFrame: frame('ef', APP, 32, 128694) },
    { id: 4, callFrame: frame('getBoundingClientRect') },
    { id: 5, callFrame: frame('(idle)') },
  ],
  startTime: 1_000_000,
  endTime: 1_000_000 + 90_000 + 5_000,
  samples: [2, 2, 3, 4, 5],
  timeDeltas: [90_000, 1_000, 1_000, 1_000, 1_000],
};

describe('where a CPU profile’s samples went', () => {
  it('names a built chunk without its hash, and keeps V8’s and the DOM’s own entries', () => {
    expect(scriptOf(APP, 'ef')).toBe('render-app.js');
    // Vite's content hash may hold a dash.
    expect(scriptOf('http://127.0.0.1:5173/assets/flows-chart-B-zMqBpP.js', 'f')).toBe('flows-chart.js');
    expect(scriptOf('', '(garbage collector)')).toBe('(garbage collector)');
    expect(scriptOf('', 'getBoundingClientRect')).toBe('(native)');
  });

  it('counts from the first sample, not the profiler’s start-up, and cuts at the offsets given', () => {
    const [before, after] = profileShares(profile, [2.5]);
    expect(before).toMatchObject({ fromMs: 0, toMs: 2.5, sampledMs: 3 });
    expect(before!.byScript).toEqual({ 'portfolio-pictures.js': 2, 'render-app.js': 1 });
    expect(before!.topFunctions[0]).toEqual({ at: 'K portfolio-pictures.js:2:9131', ms: 2 });
    expect(after).toMatchObject({ fromMs: 2.5, toMs: 5, sampledMs: 2 });
    expect(after!.byScript).toEqual({ '(native)': 1, '(idle)': 1 });
    // V8's and the DOM's entries are in the scripts, not among the functions.
    expect(after!.topFunctions).toEqual([]);
  });

  it('gives the whole profile as one stretch without cuts', () => {
    const [whole] = profileShares(profile, []);
    expect(whole!.sampledMs).toBe(5);
    expect(whole!.toMs).toBe(5);
  });
});
