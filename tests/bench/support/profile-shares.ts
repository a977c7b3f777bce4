/** The parts of a CDP CPU profile (Profiler.Profile) that say where its samples fell. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
      readonly columnNumber: number;
    };
  }[];
  /** µs, on the profiler's clock. */
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  /** µs from the previous sample (the first: from startTime). */
  readonly timeDeltas?: readonly number[];
}

/** Where one stretch of a profile went: ms of samples per place, heaviest first. */
export interface ProfileShares {
  readonly fromMs: number;
  readonly toMs: number;
  readonly sampledMs: number;
  /** Per script (its file name, content hash dropped) or V8's own entries: "(program)", "(garbage collector)"... */
  readonly byScript: Readonly<Record<string, number>>;
  /** The functions with the most samples of their own: "name script:line:column" (1-based, as DevTools shows). */
  readonly topFunctions: readonly { readonly at: string; readonly ms: number }[];
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

/** "https://host/assets/render-app-M2BxY8yQ.js" → "render-app.js"; a built-in or V8 entry keeps its name. */
export function scriptOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const file = url.replace(/[?#].*$/, '').replace(/^.*\//, '');
  return file.replace(/-[A-Za-z0-9_-]{8}(\.[a-z]+)$/, '$1') || url;
}

/**
 * A profile's samples cut into stretches at the given offsets (ms) from its first sample: the profiler's own
 * start-up (tens of ms before the first sample, logging the page's code) is no part of the page's work. Each
 * sample counts for the time until the next one, in the stretch it was taken in; the last stretch runs to the
 * profile's end.
 */
export function profileShares(profile: CpuProfile, cutsMs: readonly number[], top = 8): ProfileShares[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const origin = profile.startTime + (deltas[0] ?? 0);
  const edges = [0, ...cutsMs, (profile.endTime - origin) / 1000];
  const stretches = edges
    .slice(1)
    .map(() => ({ scripts: new Map<string, number>(), functions: new Map<string, number>() }));
  let at = profile.startTime;
  for (let index = 0; index < samples.length; index += 1) {
    at += deltas[index] ?? 0;
    const next = index + 1 < samples.length ? at + (deltas[index + 1] ?? 0) : profile.endTime;
    const offsetMs = (at - origin) / 1000;
    const stretch = edges.findIndex((edge, edgeIndex) => edgeIndex > 0 && offsetMs < edge) - 1;
    const into = stretches[stretch < 0 ? stretches.length - 1 : stretch]!;
    const node = nodes.get(samples[index]!);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const ms = Math.max(0, next - at) / 1000;
    const script = scriptOf(url, functionName);
    into.scripts.set(script, (into.scripts.get(script) ?? 0) + ms);
    const where =
      url === '' ? script : `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}:${columnNumber + 1}`;
    into.functions.set(where, (into.functions.get(where) ?? 0) + ms);
  }
  return stretches.map((stretch, index) => {
    const heaviest = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
    return {
      fromMs: round(edges[index]!),
      toMs: round(edges[index + 1]!),
      sampledMs: round([...stretch.scripts.values()].reduce((sum, ms) => sum + ms, 0)),
      byScript: Object.fromEntries(heaviest(stretch.scripts).map(([script, ms]) => [script, round(ms)])),
      topFunctions: heaviest(stretch.functions)
        .filter(([where]) => !where.startsWith('('))
        .slice(0, top)
        .map(([where, ms]) => ({ at: where, ms: round(ms) })),
    };
  });
}
