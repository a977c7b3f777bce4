/**
 * Runs one preset export (Koinly, values in euros) of the whole large history in a process of its own, so
 * the memory it samples belongs to the export alone. Reads its job as JSON on stdin (the token never touches
 * argv, env or disk) and prints one JSON line with the measurements. Started by preset-export.ts.
 */
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportHistoryCsv } from '../../src-main/features/history';
import { ExportJob, preparedClient, readJob } from './support/export-child';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const client = await preparedClient(await readJob(ExportJob));
  (globalThis as { gc?: () => void }).gc?.();
  const path = join(tmpdir(), `wallet-desk-bench-preset-${process.pid}.csv`);
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  const sample = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 5);
  const started = process.hrtime.bigint();
  const cpuAtStart = process.cpuUsage();
  const result = await exportHistoryCsv({
    streamPage: (request, onItems, reading) => client.streamTransactions(request, onItems, reading),
    path,
    filters: {},
    format: 'koinly',
    currency: 'EUR',
    account: 'Alice Trading Ltd',
    onPage: sample,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const used = process.cpuUsage(cpuAtStart);
  const cpuMs = (used.user + used.system) / 1000;
  clearInterval(sampler);
  sample();
  const fileBytes = (await stat(path)).size;
  await rm(path, { force: true });
  const leftOut = Object.values(result.leftOut).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `${JSON.stringify({
      ms,
      cpuMs,
      written: result.written,
      leftOut,
      total: result.total,
      fileBytes,
      rssGrowthMb: (peakRss - baseline.rss) / MB,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
