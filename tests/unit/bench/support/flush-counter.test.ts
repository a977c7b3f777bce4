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

describe('a save that flushes more than the floor fails', () => {
  const figure: FigureResult = {
    id: 'journal-write',
    title: 'money journal write-ahead',
    unit: '×',
    target: { value: 1.5 },
    summary: null,
    verdict: 'pass',
    method: 'm',
  };

  it('fails a timed pass when the save made one flush more', () => {
    const judged = withFlushVerdict(figure, 3, 2);
    expect(judged.verdict).toBe('fail');
    expect(judged.note).toMatch(/3 flushes per save against the floor's 2: the save makes more flushes/);
    expect(judged.details).toMatchObject({ flushesPerSave: 3, floorFlushesPerSave: 2 });
  });

  it('keeps the timed verdict when the counts are equal, and records both', () => {
    const judged = withFlushVerdict(figure, 2, 2);
    expect(judged.verdict).toBe('pass');
    expect(judged.details).toMatchObject({ flushesPerSave: 2, floorFlushesPerSave: 2 });
  });
});
