// Prints one plain closing line, "N passed, N failed, N skipped", from vitest's JSON report and the
// end-to-end run's Playwright JSON report, with each runner's share beside it. A missing report (its
// runner crashed before writing it) is named, so a short count never passes for a whole one.
import { existsSync, readFileSync } from 'node:fs';

const [vitestReport, playwrightReport] = process.argv.slice(2);

function vitestCounts(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(path) {
  const { stats } = JSON.parse(readFileSync(path, 'utf8'));
  // "flaky" cannot happen (no retries); counted as failed should retries ever be switched on.
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

const parts = [];
const missing = [];
for (const [name, path, read] of [
  ['vitest', vitestReport, vitestCounts],
  ['e2e', playwrightReport, playwrightCounts],
]) {
  if (path && existsSync(path)) parts.push([name, read(path)]);
  else if (path) missing.push(`${name} report missing (${path})`);
}
const total = { passed: 0, failed: 0, skipped: 0 };
for (const [, counts] of parts) for (const key of Object.keys(total)) total[key] += counts[key];
const each = parts.map(([name, c]) => `${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
console.log(
  `tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped (${[...each, ...missing].join('; ')})`,
);
