import type { RunningSandbox } from '../../../sandbox/server';
import type { Summary } from './stats';

/** How far past its target a figure may land before the run fails ("more than 20 %"). */
export const TOLERANCE = 0.2;

export interface Target {
  /** The largest acceptable median. */
  readonly value: number;
  /** true: the median must stay strictly below `value` (the sandbox's "under 5 ms"). */
  readonly strict?: boolean;
}

/**
 * pass: within target. over: missed, but by no more than the tolerance (reported, not fatal).
 * fail: missed by more than the tolerance. not-measured: the feature it needs is not there (yet).
 * error: the measurement itself broke. info: no target, reported for context.
 */
export type Verdict = 'pass' | 'over' | 'fail' | 'not-measured' | 'error' | 'info';

export interface FigureResult {
  readonly id: string;
  readonly title: string;
  readonly unit: string;
  /** Absent for figures reported for context only (total renderer size). */
  readonly target?: Target;
  readonly summary: Summary | null;
  readonly verdict: Verdict;
  /** How it was measured, in a sentence or two (also printed under the table). */
  readonly method: string;
  /** Why it was not measured, or what broke; extra context for a measured figure. */
  readonly note?: string;
  /** Secondary numbers that explain the figure (raw bytes, per-run details...). */
  readonly details?: Readonly<Record<string, unknown>>;
}

export interface BenchContext {
  readonly root: string;
  /** The local sandbox started by run.ts for the whole run (quiet; rate limit relaxed, see run.ts). */
  readonly sandbox: RunningSandbox;
  /** Fewer repetitions, for checking the bench itself quickly (`npm run bench -- --quick`). */
  readonly quick: boolean;
  /** Progress on stderr, so stdout holds only the table. */
  progress(message: string): void;
}

export interface FigureModule {
  readonly id: string;
  measure(context: BenchContext): Promise<FigureResult[]>;
}

export function verdictOf(median: number, target: Target | undefined): Verdict {
  if (!target) return 'info';
  const within = target.strict ? median < target.value : median <= target.value;
  if (within) return 'pass';
  return median <= target.value * (1 + TOLERANCE) ? 'over' : 'fail';
}

export function measured(base: Omit<FigureResult, 'summary' | 'verdict'>, summary: Summary): FigureResult {
  return { ...base, summary, verdict: verdictOf(summary.median, base.target) };
}

export function notMeasured(base: Omit<FigureResult, 'summary' | 'verdict' | 'note'>, why: string): FigureResult {
  return { ...base, summary: null, verdict: 'not-measured', note: why };
}
