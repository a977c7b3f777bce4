import type { FigureResult, Verdict } from './figure';
import type { Summary } from './stats';

const VERDICT_LABEL: Record<Verdict, string> = {
  pass: 'ok',
  over: 'MISSED (≤20 %)',
  fail: 'FAILED (>20 %)',
  'not-measured': 'not measured',
  error: 'ERROR',
  info: 'info',
};

function number(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** The median as printed; with more digits when rounding would make a miss look like the target itself. */
function median(figure: FigureResult): string {
  const value = figure.summary!.median;
  const shown = number(value);
  return figure.target && Number(shown) === figure.target.value && value !== figure.target.value
    ? value.toFixed(4)
    : shown;
}

function target(figure: FigureResult): string {
  if (!figure.target) return '—';
  return `${figure.target.strict ? '<' : '≤'} ${figure.target.value} ${figure.unit}`;
}

function spread(summary: Summary | null): string {
  if (!summary) return '';
  if (summary.n === 1) return 'single value';
  // p10/p90 mean little with a handful of runs: show the range instead.
  return summary.n >= 10
    ? `p10 ${number(summary.p10)} · p90 ${number(summary.p90)}`
    : `min ${number(summary.min)} · max ${number(summary.max)}`;
}

function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
}

/** For a figure judged on its floor: the app's and the floor's median times, for information. */
function absolute(figure: FigureResult): string {
  if (!figure.absolute) return '';
  const { unit, app, floor } = figure.absolute;
  return `${number(app.median)} ${unit} / ${number(floor.median)} ${unit}`;
}

/** The table printed on stdout: one line per figure, then how each was measured and any notes. */
export function formatTable(figures: readonly FigureResult[]): string {
  const header = ['Figure', 'Target', 'Median', 'Spread', 'n', 'Verdict', 'App / floor (medians)'];
  const rows = figures.map((figure) => [
    figure.title,
    target(figure),
    figure.summary ? `${median(figure)} ${figure.unit}` : figure.verdict === 'error' ? 'error' : 'not measured',
    spread(figure.summary),
    figure.summary ? String(figure.summary.n) : '',
    VERDICT_LABEL[figure.verdict],
    absolute(figure),
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  const lines = [
    pad(header, widths),
    widths.map((width) => '─'.repeat(width)).join('  '),
    ...rows.map((row) => pad(row, widths)),
  ];
  lines.push('', 'How each figure is measured:');
  for (const figure of figures) {
    lines.push(`- ${figure.title}: ${figure.method}`);
    if (figure.note)
      lines.push(
        `    ${figure.verdict === 'not-measured' || figure.verdict === 'error' ? 'Not measured: ' : ''}${figure.note}`,
      );
  }
  return lines.join('\n');
}
