/**
 * Runs one CSV export of the whole history in a process of its own, so the memory it samples belongs to the
 * export alone; or, as its floor, the same pages streamed from the sandbox and discarded (same process
 * set-up, same 500 records a request, bare fetch, bytes read and dropped). Reads its job as JSON on stdin
 * (the token never touches argv, env or disk) and prints one JSON line with the measurements. Started by
 * csv-export.ts; not meant to be run by hand.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { exportHistoryCsv } from '../../src-main/features/history';
import { EXPORT_PAGE_SIZE } from '../../src-main/features/history/export-history';
import { ExportJob, preparedClient, readJob } from './support/export-child';

const Job = ExportJob.extend({
  /** The floor: stream the pages of this many records and discard them, no export. */
  floorRecords: z.number().int().positive().optional(),
});

/** The floor's work: every page of `records`, 500 a request, read to its last byte and dropped. */
async function streamAndDiscard(job: z.infer<typeof Job>, records: number, onPage: () => void): Promise<void> {
  for (let page = 1; (page - 1) * EXPORT_PAGE_SIZE < records; page += 1) {
    const response = await fetch(`${job.baseUrl}/api/OAuth/transactions`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Account-Guid': job.accountGuid,
        Authorization: `Bearer ${job.accessToken}`,
      },
      body: JSON.stringify({ page, recordsPerPage: EXPORT_PAGE_SIZE }),
    });
    if (response.status !== 200 || !response.body) throw new Error(`page ${page} answered ${response.status}`);
    const reader = response.body.getReader();
    while (!(await reader.read()).done);
    onPage();
  }
}

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const job = await readJob(Job);
  const client = await preparedClient(job);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const path = join(tmpdir(), `wallet-desk-bench-${process.pid}.csv`);
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed + baseline.external + baseline.arrayBuffers;
  const sample = (): void => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 5);
  const started = process.hrtime.bigint();
  const cpuAtStart = process.cpuUsage();
  // CPU of this process over the timed region (user + system, every thread): unlike wall time it holds when
  // the machine is loaded, so it says what the export itself costs beside the floor's bare streaming.
  const cpuMs = (): number => {
    const used = process.cpuUsage(cpuAtStart);
    return (used.user + used.system) / 1000;
  };
  if (job.floorRecords !== undefined) {
    await streamAndDiscard(job, job.floorRecords, sample);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const cpu = cpuMs();
    clearInterval(sampler);
    sample();
    process.stdout.write(
      `${JSON.stringify({
        ms,
        cpuMs: cpu,
        written: job.floorRecords,
        total: job.floorRecords,
        lines: 0,
        fileBytes: 0,
        rssGrowthMb: (peakRss - baseline.rss) / MB,
        heapGrowthMb: (peakHeap - (baseline.heapUsed + baseline.external + baseline.arrayBuffers)) / MB,
        baselineRssMb: baseline.rss / MB,
        maxRssGrowthUpperBoundMb: (process.resourceUsage().maxRSS * 1024 - baseline.rss) / MB,
      })}\n`,
    );
    return;
  }
  const result = await exportHistoryCsv({
    streamPage: (request, onItems, reading) => client.streamTransactions(request, onItems, reading),
    path,
    filters: {},
    onPage: sample,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = cpuMs();
  clearInterval(sampler);
  sample();
  const fileBytes = (await stat(path)).size;
  // Header plus one line per record; a quoted field may hold a line break, so count records by the export's own tally
  // and check the file is not obviously short.
  const lines = (await readFile(path, 'utf8')).split('\r\n').filter((line) => line !== '').length;
  await rm(path, { force: true });
  process.stdout.write(
    `${JSON.stringify({
      ms,
      cpuMs: cpu,
      written: result.written,
      total: result.total,
      lines,
      fileBytes,
      rssGrowthMb: (peakRss - baseline.rss) / MB,
      heapGrowthMb: (peakHeap - (baseline.heapUsed + baseline.external + baseline.arrayBuffers)) / MB,
      baselineRssMb: baseline.rss / MB,
      maxRssGrowthUpperBoundMb: (process.resourceUsage().maxRSS * 1024 - baseline.rss) / MB,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
