import { fdatasyncSync, fsyncSync, openSync, closeSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { durableReplace } from '../../../bench/support/durable-replace-floor';
import type { FigureResult } from '../../../bench/support/figure';
import { installFlushCounter, withFlushVerdict } from '../../../bench/support/flush-counter';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'bench-flushes-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe('the flushes a write asks for are counted', () => {
  it('counts file-handle flushes and the fs functions imported by name, and stops once restored', async () => {
    const counter = await installFlushCounter(join(directory, 'probe'));
    const file = join(directory, 'data');
    let flushes: number;
    try {
      flushes = await counter.count(async () => {
        const handle = await open(file, 'w');
        await handle.writeFile('x');
        await handle.datasync();
        await handle.sync();
        await handle.close();
        const fd = openSync(file, 'r');
        fsyncSync(fd);
        fdatasyncSync(fd);
        closeSync(fd);
      });
    } finally {
      counter.restore();
    }
    expect(flushes).toBe(4);
    const after = await open(file, 'r');
    await after.sync();
    await after.close();
    expect(await counter.count(async () => undefined)).toBe(0);
  });

  it('finds the floor’s two flushes: the new bytes and the folder', async () => {
    const counter = await installFlushCounter(join(directory, 'probe'));
    try {
      expect(await counter.count(() => durableReplace(join(directory, 'file.json'), '{}'))).toBe(2);
    } finally {
      counter.restore();
    }
  });
});

describe('a save that flushes more or fewer times than the floor fails', () => {
  const figure: FigureResult = {
    id: 'journal-write',
    title: 'money journal write-ahead',
    unit: '×',
    target: { value: 1.5 },
    summary: null,
    verdict: 'pass',
    method: 'm',
  };
  const saves = (app: number, floor: number, count = 3) =>
    Array.from({ length: count }, () => ({ appFlushes: app, floorFlushes: floor }));

  it('fails a timed pass when the save made one flush more', () => {
    const judged = withFlushVerdict(figure, saves(3, 2));
    expect(judged.verdict).toBe('fail');
    expect(judged.note).toBe("3 flushes per save against the floor's 2: 3 of 3 saves made more flushes than the floor");
    expect(judged.details).toMatchObject({ flushesPerSave: 3, floorFlushesPerSave: 2, savesWithMoreFlushes: 3 });
  });

  it('fails a timed pass when the save skipped a flush the floor makes', () => {
    const judged = withFlushVerdict(figure, saves(1, 2));
    expect(judged.verdict).toBe('fail');
    expect(judged.note).toMatch(/3 of 3 saves made fewer flushes than the floor: one was skipped$/);
    expect(judged.details).toMatchObject({ flushesPerSave: 1, savesWithFewerFlushes: 3, savesWithMoreFlushes: 0 });
  });

  it('judges save by save: one save of many that skipped a flush fails, whatever the others made', () => {
    const judged = withFlushVerdict(figure, [...saves(2, 2, 199), { appFlushes: 1, floorFlushes: 2 }]);
    expect(judged.verdict).toBe('fail');
    expect(judged.note).toMatch(/^1 or 2 flushes per save against the floor's 2: 1 of 200 saves made fewer/);
    expect(judged.details).toMatchObject({ flushesPerSave: [1, 2], floorFlushesPerSave: 2 });
  });

  it('fails when no save was counted', () => {
    expect(withFlushVerdict(figure, []).verdict).toBe('fail');
  });

  it('keeps the timed verdict when the counts are equal, and records both', () => {
    const judged = withFlushVerdict({ ...figure, note: 'timed' }, saves(2, 2));
    expect(judged.verdict).toBe('pass');
    expect(judged.note).toBe("timed; 2 flushes per save against the floor's 2");
    expect(judged.details).toMatchObject({ flushesPerSave: 2, floorFlushesPerSave: 2 });
  });
});
