import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { runChild, type ChildResult } from './csv-export';
import { changePage, openHistoryWith100Rows, PROBE } from './history-render';
import { signInOnce } from './support/browser-app';
import { measured, ratioFigure, type FigureModule, type FigureResult } from './support/figure';
import { writeGrowthChart, type GrowthPoint } from './support/growth-chart';
import { HISTORY_ACCOUNT, openServiceSession } from './support/service-session';
import { summarize } from './support/stats';

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

/** The export and its floor (the same pages streamed and discarded), back to back, against one sandbox. */
async function exportAt(
  root: string,
  records: number,
  floorFirst: boolean,
): Promise<{ result: ChildResult; floor: ChildResult }> {
  const sandbox = await startSized(records);
  try {
    const session = await openServiceSession(sandbox);
    const job = { baseUrl: session.baseUrl, accessToken: session.accessToken, accountGuid: session.accountGuid };
    const floorRun = (): Promise<ChildResult> => runChild(root, { ...job, floorRecords: records });
    const floor = floorFirst ? await floorRun() : null;
    const result = await runChild(root, job);
    if (result.written !== records || result.total !== records) {
      throw new Error(`the export of ${records} records wrote ${result.written} of ${result.total}`);
    }
    return { result, floor: floor ?? (await floorRun()) };
  } finally {
    await sandbox.close();
  }
}

/** From asking for the page to the frame after its rows are in the table, in ms, on the page's clock. */
async function fetchToPaint(page: Page, button: 'First page' | 'Last page'): Promise<number> {
  const marks = await changePage(page, button);
  return marks.paintedAt - marks.requestAt;
}

async function pagesAtEnds(sandbox: RunningSandbox, runs: number): Promise<{ first: number[]; last: number[] }> {
  const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
  const account = alice?.accounts.find((candidate) => candidate.name === HISTORY_ACCOUNT);
  if (!alice || !account) throw new Error(`the sandbox has no "${HISTORY_ACCOUNT}" account for alice`);
  const user = await signInOnce(sandbox);
  const first: number[] = [];
  const last: number[] = [];
  try {
    const launched = await user.launch(PROBE);
    try {
      await launched.page.goto(launched.app.url);
      await openHistoryWith100Rows(launched, user.browser, alice, account.guid);
      // Interleaved, after one warm-up of each, so load on the shared machine hits both alike.
      for (let run = 0; run < runs + 1; run += 1) {
        const lastMs = await fetchToPaint(launched.page, 'Last page');
        const firstMs = await fetchToPaint(launched.page, 'First page');
        if (run === 0) continue;
        last.push(lastMs);
        first.push(firstMs);
      }
    } finally {
      await launched.close();
    }
  } finally {
    await user.close();
  }
  return { first, last };
}

const label = (records: number): string => records.toLocaleString('en-US');

/**
 * How the history scales with its size: the sandbox seeds the large account with 20,000, 200,000 and
 * 1,000,000 records (`historyRecords`), the CSV export runs at each size in a child process of its own, and
 * the History screen pages to the first and the last page of the largest. Writes bench/growth.png.
 */
export const growth: FigureModule = {
  id: 'growth',
  async measure({ root, quick, progress }) {
    const exports: Array<{ records: number; result: ChildResult; floor: ChildResult }> = [];
    for (const [index, records] of SIZES.entries()) {
      progress(`growth: CSV export of ${label(records)} records, and its floor`);
      exports.push({ records, ...(await exportAt(root, records, index % 2 === 1)) });
    }
    progress(`growth: first and last page of ${label(LARGEST)} records in Chromium`);
    const sandbox = await startSized(LARGEST);
    let pages: { first: number[]; last: number[] };
    try {
      pages = await pagesAtEnds(sandbox, quick ? 3 : 10);
    } finally {
      await sandbox.close();
    }

    const exportMethod =
      'exportHistoryCsv as csv-export.ts (child process of its own, streamed pages of 500), against a sandbox started with historyRecords = N; one run per size';
    const figures: FigureResult[] = [];
    for (const { records, result, floor } of exports) {
      figures.push(
        ratioFigure({
          id: `growth-export-time-${records}`,
          title: `CSV export ${label(records)} records: time per record`,
          target: { value: EXPORT_RATIO_TARGET },
          method: `${exportMethod}: time from the first request to the renamed file, over its floor: the same child process streaming the same pages from the same sandbox with a bare fetch and discarding them, run beside it (same records, so the ratio is per record).`,
          note: `${(result.fileBytes / 1e6).toFixed(1)} MB file`,
          app: [result.ms / 1000],
          floor: [floor.ms / 1000],
          unit: 's',
          details: { run: result, floorRun: floor },
        }),
        measured(
          {
            id: `growth-export-memory-${records}`,
            title: `CSV export ${label(records)} records: peak RSS growth`,
            unit: 'MB',
            target: { value: MEMORY_TARGET_MB },
            method: `${exportMethod}: peak process RSS minus RSS just before the export (after gc), sampled every 5 ms and after every page.`,
            note: `JS heap + buffers growth ${result.heapGrowthMb.toFixed(1)} MB`,
          },
          summarize([result.rssGrowthMb]),
        ),
      );
    }
    const perRecord = exports.map(({ records, result }) => result.ms / records);
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
    const pageMethod = `In Chromium through the harness, History of the ${label(LARGEST)}-record account at 100 rows per page, "Last page" and "First page" clicked in turn (one warm-up each): from the renderer's history.page call to the task after the next animation frame once the new rows are committed (probe of history-render.ts).`;
    const first = summarize(pages.first);
    const last = summarize(pages.last);
    figures.push(
      measured(
        {
          id: 'growth-page-first',
          title: `History page 1 of ${label(LARGEST)}: fetch to paint`,
          unit: 'ms',
          method: pageMethod,
          details: { samplesMs: pages.first },
        },
        first,
      ),
      measured(
        {
          id: 'growth-page-last',
          title: `History last page of ${label(LARGEST)}: fetch to paint`,
          unit: 'ms',
          method: pageMethod,
          details: { samplesMs: pages.last },
        },
        last,
      ),
      measured(
        {
          id: 'growth-page-ratio',
          title: 'History last page vs page 1: fetch to paint',
          unit: '×',
          target: { value: 1.2 },
          method: 'Median of the last page divided by the median of page 1 (same run, interleaved).',
        },
        summarize([last.median / first.median]),
      ),
    );

    const points: GrowthPoint[] = exports.flatMap(({ records, result }) => [
      { records, figure: 'CSV export time (s)', value: result.ms / 1000 },
      { records, figure: 'CSV export peak RSS growth (MB)', value: result.rssGrowthMb },
    ]);
    points.push(
      { records: LARGEST, figure: 'History page fetch to paint (ms)', value: first.median, series: 'page 1' },
      { records: LARGEST, figure: 'History page fetch to paint (ms)', value: last.median, series: 'last page' },
    );
    await mkdir(join(root, 'bench'), { recursive: true });
    const chart = join(root, 'bench/growth.png');
    await writeGrowthChart(points, chart);
    progress(`growth: wrote ${chart}`);
    return figures;
  },
};
