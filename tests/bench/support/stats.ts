/** Spread of a set of samples; every figure of the benchmark is reported as one of these. */
export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
}

/** Linear interpolation between closest ranks, so small samples (n = 3, 10) still give sensible p10/p90. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low]!;
  const highValue = sorted[high]!;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 0.5),
    p10: percentile(sorted, 0.1),
    p90: percentile(sorted, 0.9),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

/** One value measured once (a file size): its spread is itself. */
export function single(value: number): Summary {
  return summarize([value]);
}

export function scale(summary: Summary, factor: number): Summary {
  return {
    n: summary.n,
    median: summary.median * factor,
    p10: summary.p10 * factor,
    p90: summary.p90 * factor,
    min: summary.min * factor,
    max: summary.max * factor,
  };
}
