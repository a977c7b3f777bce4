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

/** The flushes one save and its floor asked for. */
export interface SaveFlushes {
  readonly appFlushes: number;
  readonly floorFlushes: number;
}

/** The distinct counts, lowest first: one number when every save made the same. */
function countsOf(saves: readonly SaveFlushes[], pick: (save: SaveFlushes) => number): number[] {
  return [...new Set(saves.map(pick))].sort((a, b) => a - b);
}

/**
 * A timed ratio near 1 cannot tell one flush more or less (the floor is nearly the save's own algorithm), so the
 * flushes are counted and compared save by save, and any other count than the floor's fails whatever its time:
 * more is an extra flush paid for nothing, fewer a flush skipped that a crash-safe replace needs (the floor
 * makes the least one can).
 */
export function withFlushVerdict(figure: FigureResult, saves: readonly SaveFlushes[]): FigureResult {
  const app = countsOf(saves, (save) => save.appFlushes);
  const floor = countsOf(saves, (save) => save.floorFlushes);
  const counted = `${app.join(' or ')} flushes per save against the floor's ${floor.join(' or ')}`;
  const note = figure.note === undefined ? counted : `${figure.note}; ${counted}`;
  const more = saves.filter((save) => save.appFlushes > save.floorFlushes).length;
  const fewer = saves.filter((save) => save.appFlushes < save.floorFlushes).length;
  const details = {
    ...figure.details,
    flushesPerSave: app.length === 1 ? app[0] : app,
    floorFlushesPerSave: floor.length === 1 ? floor[0] : floor,
    savesWithMoreFlushes: more,
    savesWithFewerFlushes: fewer,
  };
  const wrong = [
    ...(saves.length === 0 ? ['no save was counted'] : []),
    ...(more > 0 ? [`${more} of ${saves.length} saves made more flushes than the floor`] : []),
    ...(fewer > 0 ? [`${fewer} of ${saves.length} saves made fewer flushes than the floor: one was skipped`] : []),
  ];
  if (wrong.length > 0) return { ...figure, verdict: 'fail', note: `${note}: ${wrong.join('; ')}`, details };
  return { ...figure, note, details };
}
