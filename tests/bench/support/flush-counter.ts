import fs from 'node:fs';
import { open } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import type { FigureResult } from './figure';

/** The calls that ask the disk to flush: on a file handle, and the fs functions taking a descriptor. */
const HANDLE_METHODS = ['sync', 'datasync'] as const;
const FS_FUNCTIONS = ['fsync', 'fdatasync', 'fsyncSync', 'fdatasyncSync'] as const;

export interface FlushCounter {
  /** The flushes `work` asked for (any that ran meanwhile elsewhere in the process count too). */
  count(work: () => Promise<void>): Promise<number>;
  /** Puts the original functions back. */
  restore(): void;
}

type Callable = (this: unknown, ...args: unknown[]) => unknown;

function wrapped(target: Record<string, unknown>, name: string, onCall: () => void): () => void {
  const original = target[name];
  if (typeof original !== 'function') throw new Error(`no ${name} to count`);
  const call = original as Callable;
  target[name] = function (this: unknown, ...args: unknown[]) {
    onCall();
    return call.apply(this, args);
  };
  return () => {
    target[name] = original;
  };
}

/**
 * Counts every fsync and fdatasync the process makes, whichever way it is asked for: the FileHandle methods
 * (the prototype is reached through a handle, as node exports no class) and the fs functions, the ESM named
 * exports kept in step (syncBuiltinESMExports) so a module that imported them by name is counted too.
 */
export async function installFlushCounter(probeFile: string): Promise<FlushCounter> {
  const handle = await open(probeFile, 'a');
  const prototype = Object.getPrototypeOf(handle) as Record<string, unknown>;
  await handle.close();
  let flushes = 0;
  const note = (): void => {
    flushes += 1;
  };
  const restores = [
    ...HANDLE_METHODS.map((name) => wrapped(prototype, name, note)),
    ...FS_FUNCTIONS.map((name) => wrapped(fs as unknown as Record<string, unknown>, name, note)),
  ];
  syncBuiltinESMExports();
  return {
    async count(work) {
      const before = flushes;
      await work();
      return flushes - before;
    },
    restore() {
      for (const restore of restores) restore();
      syncBuiltinESMExports();
    },
  };
}

/**
 * A timed ratio near 1 cannot tell one flush more (the floor is nearly the save's own algorithm): the flushes
 * are counted instead, and a save that asks for more of them than the floor fails whatever its time.
 */
export function withFlushVerdict(figure: FigureResult, appFlushes: number, floorFlushes: number): FigureResult {
  const counted = `${appFlushes} flushes per save against the floor's ${floorFlushes}`;
  const note = figure.note === undefined ? counted : `${figure.note}; ${counted}`;
  const details = { ...figure.details, flushesPerSave: appFlushes, floorFlushesPerSave: floorFlushes };
  if (appFlushes > floorFlushes)
    return { ...figure, verdict: 'fail', note: `${note}: the save makes more flushes than the floor`, details };
  return { ...figure, note, details };
}
