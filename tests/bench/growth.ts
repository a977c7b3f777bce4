import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { CDPSession, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { EXPORT_PAIRS, runChild, warmSandbox, type ChildResult } from './csv-export';
import { changePage, openHistoryWith100Rows, PROBE } from './history-render';
import { signInOnce } from './support/browser-app';
import { measured, ratioFigure, type FigureModule, type FigureResult } from './support/figure';
import { writeGrowthChart, type GrowthPoint } from './support/growth-chart';
import { HISTORY_ACCOUNT, openServiceSession } from './support/service-session';
import { watchServers, type ServedRequest, type ServerTimeline } from './support/server-timeline';
import { summarize } from './support/stats';
import { writeTrace } from './support/traces';

const SIZES = [20_000, 200_000, 1_000_000] as const;
const LARGEST = SIZES[SIZES.length - 1]!;
const MEMORY_TARGET_MB = 25;
/** The export's time per record over its floor's, at every size. */
const EXPORT_RATIO_TARGET = 1.5;

function startSized(records: number): Promise<RunningSandbox> {
  // Quiet and without the rate limit, as run.ts's own sandbox (hundreds of back-to-back calls). The bench
  // child holds one access token and cannot refresh it: on a busy machine a million records outlast the
  // default five minutes, so tokens live an hour here.
  return startSandbox({
    port: 0,
    quiet: true,
    historyRecords: records,
    rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
    accessTokenTtlSeconds: 3600,
  });
}

/**
 * Pairs of an export and its floor timed at each size. One pair of the smallest read 1.23-1.54x in whole runs,
 * about a target of 1.5x, so it takes as many as csv-export.ts (EXPORT_PAIRS says why). One pair of the largest
 * read 1.25-1.36x in five whole runs and 1.56x in a sixth (its floor 15.5 s against 15.5-18.6 s, the export 24.2 s
 * against 19.7-25.3 s): three, at some 40 s a pair, keep one such pair from deciding the verdict.
 */
const PAIRS_AT: Readonly<Record<(typeof SIZES)[number], { readonly quick: number; readonly full: number }>> = {
  20_000: EXPORT_PAIRS,
  200_000: { quick: 1, full: 1 },
  1_000_000: { quick: 1, full: 3 },
};

/**
 * The export and its floor (the same pages streamed and discarded), back to back against one sandbox, in
 * `pairs` pairs, the order turning each pair (the first pair's floor first when `floorFirst`).
 */
async function exportAt(
  root: string,
  records: number,
  pairs: number,
  floorFirst: boolean,
): Promise<{ results: ChildResult[]; floors: ChildResult[] }> {
  const sandbox = await startSized(records);
  try {
    const session = await openServiceSession(sandbox);
    const job = { baseUrl: session.baseUrl, accessToken: session.accessToken, accountGuid: session.accountGuid };
    const floorRun = (): Promise<ChildResult> => runChild(root, { ...job, floorRecords: records });
    await warmSandbox(root, job, records);
    const results: ChildResult[] = [];
    const floors: ChildResult[] = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const floorLeads = (pair % 2 === 0) === floorFirst;
      if (floorLeads) floors.push(await floorRun());
      const result = await runChild(root, job);
      if (result.written !== records || result.total !== records) {
        throw new Error(`the export of ${records} records wrote ${result.written} of ${result.total}`);
      }
      results.push(result);
      if (!floorLeads) floors.push(await floorRun());
    }
    return { results, floors };
  } finally {
    await sandbox.close();
  }
}

type PageMarks = Awaited<ReturnType<typeof changePage>>;

/** One page change on the page's clock, with the time the harness and the sandbox spent answering it. */
interface PageChange {
  readonly marks: PageMarks;
  /** The harness's history.page bridge call, request in to answer out (the app's main core and the sandbox inside). */
  readonly bridgeMs: number;
  /** POST /transactions in the sandbox, request in to answer out (the sandbox's own time). */
  readonly sandboxMs: number;
  /** CPU time, which load does not stretch as it stretches wall time: see cpuOf. */
  readonly cpu: CpuSpent;
}

/**
 * CPU spent over one page change, ms: the renderer's main thread (CDP ThreadTime) and its layout, style and
 * script shares; and the bench process (the app's main core, the harness, the sandbox, Playwright's client).
 */
interface CpuSpent {
  readonly rendererThread: number;
  readonly layout: number;
  readonly style: number;
  readonly script: number;
  readonly benchProcess: number;
}

const METRICS = {
  rendererThread: 'ThreadTime',
  layout: 'LayoutDuration',
  style: 'RecalcStyleDuration',
  script: 'ScriptDuration',
} as const;

interface Probes {
  readonly servers: ServerTimeline;
  readonly cdp: CDPSession;
}

/** Starts counting CPU; the function it returns gives what was spent since. */
async function cpuOf(cdp: CDPSession): Promise<() => Promise<CpuSpent>> {
  const read = async (): Promise<Map<string, number>> =>
    new Map((await cdp.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value]));
  const before = await read();
  const processBefore = process.cpuUsage();
  return async () => {
    const spentProcess = process.cpuUsage(processBefore);
    const after = await read();
    const ms = (name: string): number => ((after.get(name) ?? Number.NaN) - (before.get(name) ?? Number.NaN)) * 1000;
    return {
      rendererThread: ms(METRICS.rendererThread),
      layout: ms(METRICS.layout),
      style: ms(METRICS.style),
      script: ms(METRICS.script),
      benchProcess: (spentProcess.user + spentProcess.system) / 1000,
    };
  };
}

/**
 * Pairs of page changes timed (each change about a fifth of a second): a quick verdict on three pairs was
 * 1.40x in one whole run and 0.95x in a run of its own, so a quick run takes enough pairs for a median to hold.
 */
const PAIRS = { quick: 9, full: 20 } as const;

/** How long no history request may have been served before the pages are timed. */
const QUIET_MS = 2_000;

const sumMs = (requests: readonly ServedRequest[]): number =>
  requests.reduce((sum, request) => sum + request.finishedAt - request.startedAt, 0);

async function timedChange(
  page: Page,
  { servers, cdp }: Probes,
  button: 'First page' | 'Last page',
): Promise<PageChange> {
  servers.take('');
  const spent = await cpuOf(cdp);
  const marks = await changePage(page, button);
  const cpu = await spent();
  const served = servers.take('');
  const sandbox = served.filter((request) => request.path.includes('/transactions'));
  const bridge = served.filter((request) => request.path.includes('/__bridge/invoke/history.page'));
  if (bridge.length !== 1 || sandbox.length !== 1) {
    throw new Error(
      `one page change made ${bridge.length} history.page calls and ${sandbox.length} POST /transactions, not one each: something else read the history while it was timed`,
    );
  }
  return { marks, bridgeMs: sumMs(bridge), sandboxMs: sumMs(sandbox), cpu };
}

interface PagesAtEnds {
  readonly first: PageChange[];
  readonly last: PageChange[];
  /**
   * What was still read after History showed its first rows, before the pages were timed: history.page calls
   * the renderer made, and the POST /transactions the sandbox served for them (more when main scans a
   * date range in pages of its own for one call).
   */
  readonly backgroundReads: { readonly bridgeCalls: number; readonly sandboxRequests: number };
}

/** In an app already showing History at 100 rows: waits out the background reads, then times the pages. */
async function timePages(page: Page, servers: ServerTimeline, runs: number): Promise<PagesAtEnds> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const probes: Probes = { servers, cdp };
  // Home's pictures read the newly chosen account's history in 500-record pages, and stop when Home is left;
  // anything still read then would be timed beside whichever page came first. The details say how much was.
  servers.take('');
  await servers.quiet('/transactions', QUIET_MS, 180_000);
  const background = servers.take('');
  const backgroundReads = {
    bridgeCalls: background.filter((request) => request.path.includes('/__bridge/invoke/history.page')).length,
    sandboxRequests: background.filter((request) => request.path.includes('/transactions')).length,
  };
  const first: PageChange[] = [];
  const last: PageChange[] = [];
  // Interleaved, after one warm-up of each, so load on the shared machine hits both alike: the two strictly
  // alternate, so each change follows one of the other kind (the order cannot turn: a page is left only to
  // the other).
  for (let run = 0; run < runs + 1; run += 1) {
    const lastChange = await timedChange(page, probes, 'Last page');
    const firstChange = await timedChange(page, probes, 'First page');
    if (run === 0) continue;
    last.push(lastChange);
    first.push(firstChange);
  }
  return { first, last, backgroundReads };
}

async function pagesAtEnds(sandbox: RunningSandbox, runs: number): Promise<PagesAtEnds> {
  const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
  const account = alice?.accounts.find((candidate) => candidate.name === HISTORY_ACCOUNT);
  if (!alice || !account) throw new Error(`the sandbox has no "${HISTORY_ACCOUNT}" account for alice`);
  const user = await signInOnce(sandbox);
  const servers = watchServers();
  try {
    const launched = await user.launch(PROBE);
    try {
      await launched.page.goto(launched.app.url);
      await openHistoryWith100Rows(launched, user.browser, alice, account.guid);
      return await timePages(launched.page, servers, runs);
    } finally {
      await launched.close();
    }
  } finally {
    servers.close();
    await user.close();
  }
}

/** Where one page change's time went, in ms: the phases on the page's clock and the servers' share. */
function phasesOf({ marks, bridgeMs, sandboxMs, cpu }: PageChange): Record<string, number> {
  return {
    ...Object.fromEntries(Object.entries(cpu).map(([key, ms]) => [`cpu.${key}`, ms])),
    fetchToPaint: marks.paintedAt - marks.requestAt,
    requestToAnswer: marks.answerAt - marks.requestAt,
    bridge: bridgeMs,
    sandbox: sandboxMs,
    answerToCommit: marks.committedAt - marks.answerAt,
    commitToLayout: marks.laidOutAt - marks.committedAt,
    layoutToPaint: marks.paintedAt - marks.laidOutAt,
  };
}

const label = (records: number): string => records.toLocaleString('en-US');

/** The page part alone (`BENCH_GROWTH=pages`): the exports at a million records take minutes. */
const PAGES_ONLY = process.env.BENCH_GROWTH === 'pages';
/** The export part alone (`BENCH_GROWTH=exports`): no History pages in Chromium, no chart. */
const EXPORTS_ONLY = process.env.BENCH_GROWTH === 'exports';

interface ExportAtSize {
  readonly records: number;
  readonly results: readonly ChildResult[];
  readonly floors: readonly ChildResult[];
}

const EXPORT_METHOD =
  'exportHistoryCsv as csv-export.ts (child process of its own, streamed pages of 500), against a sandbox started with historyRecords = N';

function exportFigures(exports: readonly ExportAtSize[]): FigureResult[] {
  const figures: FigureResult[] = exports.flatMap(({ records, results, floors }) => [
    ratioFigure({
      id: `growth-export-time-${records}`,
      title: `CSV export ${label(records)} records: time per record`,
      target: { value: EXPORT_RATIO_TARGET },
      method: `${EXPORT_METHOD}, ${results.length} pair(s) at this size (PAIRS_AT): time from the first request to the renamed file, over its floor: the same child process streaming the same pages from the same sandbox with a bare fetch and discarding them, run beside it (same records, so the ratio is per record), after one unmeasured floor pass over every record that warms the sandbox's code.`,
      note: `${(results[0]!.fileBytes / 1e6).toFixed(1)} MB file`,
      app: results.map((result) => result.ms / 1000),
      floor: floors.map((floor) => floor.ms / 1000),
      unit: 's',
      details: { runs: results, floorRuns: floors },
    }),
    measured(
      {
        id: `growth-export-memory-${records}`,
        title: `CSV export ${label(records)} records: peak RSS growth`,
        unit: 'MB',
        target: { value: MEMORY_TARGET_MB },
        method: `${EXPORT_METHOD}: peak process RSS minus RSS just before the export (after gc), sampled every 5 ms and after every page.`,
        note: `JS heap + buffers growth median ${summarize(results.map((result) => result.heapGrowthMb)).median.toFixed(1)} MB`,
      },
      summarize(results.map((result) => result.rssGrowthMb)),
    ),
  ]);
  const perRecord = exports.map(
    ({ records, results }) => summarize(results.map((result) => result.ms)).median / records,
  );
  figures.push(
    measured(
      {
        id: 'growth-export-linearity',
        title: `CSV export time per record, ${label(LARGEST)} vs ${label(SIZES[0])}`,
        unit: '×',
        method:
          'Time per record of the largest export divided by that of the smallest: 1 or less is linear (or better) growth; for context (the sandbox itself slows with its size, so the verdicts are on each size against its floor).',
        details: { msPerThousandRecords: perRecord.map((ms) => ms * 1000) },
      },
      summarize([perRecord.at(-1)! / perRecord[0]!]),
    ),
  );
  return figures;
}

function pageFigures(pages: PagesAtEnds): FigureResult[] {
  const pageMethod = `In Chromium through the harness, History of the ${label(LARGEST)}-record account at 100 rows per page, "Last page" and "First page" clicked in turn (one warm-up each): from the renderer's history.page call to the task after the next animation frame once the new rows are committed (probe of history-render.ts).`;
  const firstMs = pages.first.map((change) => phasesOf(change).fetchToPaint!);
  const lastMs = pages.last.map((change) => phasesOf(change).fetchToPaint!);
  const first = summarize(firstMs);
  const last = summarize(lastMs);
  return [
    measured(
      {
        id: 'growth-page-first',
        title: `History page 1 of ${label(LARGEST)}: fetch to paint`,
        unit: 'ms',
        method: pageMethod,
        details: { samplesMs: firstMs },
      },
      first,
    ),
    measured(
      {
        id: 'growth-page-last',
        title: `History last page of ${label(LARGEST)}: fetch to paint`,
        unit: 'ms',
        method: pageMethod,
        details: { samplesMs: lastMs },
      },
      last,
    ),
    ratioFigure({
      id: 'growth-page-ratio',
      title: 'History last page vs page 1: fetch to paint',
      target: { value: 1.2 },
      method: `${pageMethod} The last page over its floor, page 1 of the same account changed to right after it (same run, same harness, sandbox and screen): the median of the per-pair ratios. Timed only once nothing else reads the history (how many history reads were still served after History showed its rows is in the details: none since Home's pictures stop reading when Home is left); where each change's time went, the sandbox's own time apart, is in bench/traces/growth-pages.json.`,
      app: lastMs,
      floor: firstMs,
      details: { backgroundReads: pages.backgroundReads },
    }),
    ratioFigure({
      id: 'growth-page-ratio-cpu',
      title: 'History last page vs page 1: CPU',
      method:
        "The same page changes: CPU spent from the click to the frame, the renderer's main thread (CDP Performance.getMetrics ThreadTime) plus the bench process (process.cpuUsage: the app's main core, the harness, the sandbox, Playwright's client), the last page over page 1 right after it, per pair; for context, as evidence load does not stretch as it stretches wall time.",
      app: pages.last.map(cpuTotal),
      floor: pages.first.map(cpuTotal),
    }),
  ];
}

const cpuTotal = ({ cpu }: PageChange): number => cpu.rendererThread + cpu.benchProcess;

/** Per page change, the phases of phasesOf, medians beside them: where the last page's extra time goes. */
function pageTimeline(pages: PagesAtEnds): Record<string, unknown> {
  const side = (changes: readonly PageChange[]): Record<string, unknown> => {
    const phases = changes.map(phasesOf);
    const medians = Object.fromEntries(
      Object.keys(phases[0] ?? {}).map((key) => [key, summarize(phases.map((phase) => phase[key]!)).median]),
    );
    return { medians, changes: phases };
  };
  return {
    about:
      'History of the million-record account, "Last page" and "First page" in turn. Per page change, ms: fetchToPaint (the figure), requestToAnswer (renderer asks to answer parsed), bridge (the harness serving history.page: main core and sandbox inside), sandbox (POST /transactions in the sandbox, request in to answer out), answerToCommit, commitToLayout, layoutToPaint; cpu.*: CPU ms over the change (renderer main thread in all, its layout, style and script; the bench process); the servers are timed by Node diagnostics channels in the bench process (an answer counts as out when Node reports it finished, which a busy process may report late). backgroundReads: history.page calls and POST /transactions served after History showed its rows, before the pages were timed (Home\'s pictures still reading).',
    backgroundReads: pages.backgroundReads,
    last: side(pages.last),
    first: side(pages.first),
  };
}

async function measurePages(root: string, quick: boolean): Promise<PagesAtEnds> {
  const sandbox = await startSized(LARGEST);
  try {
    const pages = await pagesAtEnds(sandbox, quick ? PAIRS.quick : PAIRS.full);
    await writeTrace(root, 'growth-pages.json', pageTimeline(pages));
    return pages;
  } finally {
    await sandbox.close();
  }
}

/**
 * How the history scales with its size: the sandbox seeds the large account with 20,000, 200,000 and
 * 1,000,000 records (`historyRecords`), the CSV export runs at each size in a child process of its own, and
 * the History screen pages to the first and the last page of the largest, its timeline kept in
 * bench/traces/growth-pages.json. Writes bench/growth.png. With BENCH_GROWTH=pages in the environment only
 * the pages are measured (no exports, no chart); with BENCH_GROWTH=exports only the exports (no pages, no chart).
 */
export const growth: FigureModule = {
  id: 'growth',
  async measure({ root, quick, progress }) {
    const exports: ExportAtSize[] = [];
    for (const [index, records] of (PAGES_ONLY ? [] : SIZES).entries()) {
      progress(`growth: CSV export of ${label(records)} records, and its floor`);
      exports.push({
        records,
        ...(await exportAt(root, records, PAIRS_AT[records][quick ? 'quick' : 'full'], index % 2 === 1)),
      });
    }
    if (EXPORTS_ONLY) return exportFigures(exports);
    progress(`growth: first and last page of ${label(LARGEST)} records in Chromium`);
    const pages = await measurePages(root, quick);
    const figures = [...(PAGES_ONLY ? [] : exportFigures(exports)), ...pageFigures(pages)];
    if (PAGES_ONLY) return figures;

    const points: GrowthPoint[] = exports.flatMap(({ records, results }) => [
      { records, figure: 'CSV export time (s)', value: summarize(results.map((result) => result.ms)).median / 1000 },
      {
        records,
        figure: 'CSV export peak RSS growth (MB)',
        value: summarize(results.map((result) => result.rssGrowthMb)).median,
      },
    ]);
    const median = (changes: readonly PageChange[]): number =>
      summarize(changes.map((change) => phasesOf(change).fetchToPaint!)).median;
    points.push(
      { records: LARGEST, figure: 'History page fetch to paint (ms)', value: median(pages.first), series: 'page 1' },
      { records: LARGEST, figure: 'History page fetch to paint (ms)', value: median(pages.last), series: 'last page' },
    );
    await mkdir(join(root, 'bench'), { recursive: true });
    const chart = join(root, 'bench/growth.png');
    await writeGrowthChart(points, chart);
    progress(`growth: wrote ${chart}`);
    return figures;
  },
};
