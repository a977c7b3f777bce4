import type { RunningSandbox } from '../../../sandbox/server';
import { summarize, type Summary } from './stats';

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
  /**
   * A figure judged against a floor measured in the same run, interleaved with it: `summary` is then the
   * per-pair ratio app / floor (unit ×) and these are the absolute times, printed beside it for information.
   */
  readonly absolute?: { readonly unit: string; readonly app: Summary; readonly floor: Summary };
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
  /** Flags for the Node process the module runs in (its V8's among them), besides the bench's own. */
  readonly nodeFlags?: readonly string[];
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

export interface RatioFigureInput {
  readonly id: string;
  readonly title: string;
  /** On the ratio; absent for a figure reported for context. */
  readonly target?: Target;
  readonly method: string;
  /** The app's samples and the floor's, pair by pair (same index = measured side by side). */
  readonly app: readonly number[];
  readonly floor: readonly number[];
  /** Of the absolute samples; ms unless told. */
  readonly unit?: string;
  readonly note?: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * A timed figure as the app's time over its floor's: the median of per-pair ratios, so load that hits a
 * pair hits both halves alike and the verdict means the same on a fast machine, a slow one or a busy one.
 */
export function ratioFigure(input: RatioFigureInput): FigureResult {
  if (input.app.length === 0 || input.app.length !== input.floor.length)
    throw new Error(`${input.id}: ${input.app.length} app samples against ${input.floor.length} floor samples`);
  const ratios = input.app.map((app, index) => app / input.floor[index]!);
  return measured(
    {
      id: input.id,
      title: input.title,
      unit: '×',
      ...(input.target ? { target: input.target } : {}),
      method: input.method,
      ...(input.note === undefined ? {} : { note: input.note }),
      details: { ...input.details, appSamples: input.app, floorSamples: input.floor },
      absolute: { unit: input.unit ?? 'ms', app: summarize(input.app), floor: summarize(input.floor) },
    },
    summarize(ratios),
  );
}
