import type { Browser, Page } from 'playwright-core';

/**
 * What a CPU profile cannot say: style, layout, paint, parsing and compositing are native work, "(program)" in a
 * JS profile. A Chromium performance trace names them, so a figure whose time goes there keeps one (summarised)
 * beside its profile.
 */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink',
  'blink.user_timing',
  'cc',
  'toplevel',
  'loading',
  'navigation',
];

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: Record<string, unknown>;
}

/** One main-thread event of the page, on the navigation clock (ms from navigationStart, as performance.now()). */
export interface TraceSlice {
  readonly name: string;
  readonly startMs: number;
  readonly durMs: number;
  /** How deep it sits inside longer events of the same thread (0 = a task of its own). */
  readonly depth: number;
  /** The script, function or resource it is about, where the trace says. */
  readonly about?: string;
}

export interface TraceSummary {
  /** Page milestones the trace marks (first paint and the like), on the navigation clock. */
  readonly milestones: Record<string, number>;
  /** The page's main-thread events longer than `minMs`, in the order they started. */
  readonly mainThread: readonly TraceSlice[];
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

function aboutOf(event: TraceEvent): string | undefined {
  const data = (event.args?.['data'] ?? event.args?.['beginData']) as Record<string, unknown> | undefined;
  const found = [data?.['url'], data?.['functionName'], data?.['fileName'], data?.['type'], data?.['styleSheetUrl']]
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => value.replace(/^.*\//, ''));
  return found.length > 0 ? found.join(' ') : undefined;
}

/**
 * The main thread of the page that navigated to `url` (its last navigationStart), its events longer than
 * `minMs` and its paint milestones, the clock's zero at that navigationStart.
 */
export function summarizeTrace(events: readonly TraceEvent[], url: string, minMs = 1): TraceSummary {
  const starts = events.filter(
    (event) =>
      event.name === 'navigationStart' &&
      String((event.args?.['data'] as { documentLoaderURL?: unknown } | undefined)?.documentLoaderURL ?? '') === url,
  );
  const start = starts.at(-1);
  if (!start) throw new Error(`the trace has no navigationStart of ${url}`);
  const toMs = (ts: number): number => round((ts - start.ts) / 1000);
  const thread = events
    .filter((event) => event.pid === start.pid && event.tid === start.tid && event.ts >= start.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const milestones: Record<string, number> = {};
  const open: number[] = [];
  const mainThread: TraceSlice[] = [];
  for (const event of thread) {
    if (
      ['firstPaint', 'firstContentfulPaint', 'domContentLoadedEventEnd', 'loadEventEnd'].includes(event.name) &&
      milestones[event.name] === undefined
    )
      milestones[event.name] = toMs(event.ts);
    if (event.ph !== 'X' || event.dur === undefined) continue;
    while (open.length > 0 && open.at(-1)! <= event.ts) open.pop();
    const depth = open.length;
    open.push(event.ts + event.dur);
    if (event.dur < minMs * 1000) continue;
    const about = aboutOf(event);
    mainThread.push({
      name: event.name,
      startMs: toMs(event.ts),
      durMs: round(event.dur / 1000),
      depth,
      ...(about === undefined ? {} : { about }),
    });
  }
  return { milestones, mainThread };
}

/**
 * Runs `navigate` under a Chromium performance trace of `page` and returns what it returned beside the summary
 * of the page's main thread from its navigation to `url` on.
 */
export async function traceNavigation<T>(
  browser: Browser,
  page: Page,
  url: string,
  navigate: () => Promise<T>,
): Promise<{ result: T; trace: TraceSummary }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let result: T;
  let trace: Buffer;
  try {
    result = await navigate();
  } finally {
    trace = await browser.stopTracing();
  }
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return { result, trace: summarizeTrace(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []), url) };
}
