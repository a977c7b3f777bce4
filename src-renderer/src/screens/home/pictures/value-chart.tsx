import { scaleLinear } from '@visx/scale';
import { formatDay, formatDayWithYear } from './day-format';
import type { ValueDay } from './value-over-time';

const HEIGHT = 220;
const TOP = 10;
const BOTTOM = 26;
const LEFT = 84;
const RIGHT = 16;
/** Room for one date label under the axis, without and with its year. */
const DAY_LABEL_PX = 90;
const DAY_YEAR_LABEL_PX = 130;

/** Runs of consecutive days that have a value: a day without one is a gap in the line, never bridged. */
function runsOf(days: readonly ValueDay[]): { index: number; value: number }[][] {
  const runs: { index: number; value: number }[][] = [];
  let run: { index: number; value: number }[] = [];
  days.forEach((day, index) => {
    if (day.value === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push({ index, value: Number(day.value) });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Indices of the days to label: the first, the last, and evenly between as the width allows. */
function labelledDays(count: number, plotWidth: number, labelPx: number): number[] {
  const slots = Math.max(2, Math.min(count, Math.floor(plotWidth / labelPx)));
  if (count <= 1) return [0];
  const picked = new Set<number>();
  for (let slot = 0; slot < slots; slot += 1) picked.add(Math.round((slot * (count - 1)) / (slots - 1)));
  return [...picked];
}

/**
 * The value line over the days, at the width it is given, with a value axis (in the chosen currency, or
 * without numbers in privacy mode) and a date axis in the user's locale. Pixel geometry uses floats; the
 * numbers a person reads are in the table. Loaded on demand (React.lazy).
 */
export default function ValueChart({
  days,
  width,
  formatTick,
  privacy,
}: {
  days: readonly ValueDay[];
  width: number;
  /** An axis value (a plain number) as the currency is written in the user's locale. */
  formatTick: (value: number) => string;
  privacy: boolean;
}): React.JSX.Element {
  const plotWidth = Math.max(1, width - LEFT - RIGHT);
  const values = days.flatMap((day) => (day.value === null ? [] : [Number(day.value)]));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const y = scaleLinear<number>({ domain: [low, high], range: [HEIGHT - BOTTOM, TOP], nice: 4 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, days.length - 1)], range: [LEFT, LEFT + plotWidth] });
  const ticks = y.ticks(4);
  const withYear = days.length > 0 && days[0]!.day.slice(0, 4) !== days[days.length - 1]!.day.slice(0, 4);
  const runs = runsOf(days);
  const pathOf = (run: readonly { index: number; value: number }[]) =>
    run.map((point, at) => `${at === 0 ? 'M' : 'L'}${x(point.index).toFixed(1)},${y(point.value).toFixed(1)}`).join('');
  return (
    <svg className="chart value-chart" aria-hidden="true" width={width} height={HEIGHT}>
      <g className="chart-axis">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={LEFT + plotWidth} y1={y(tick)} y2={y(tick)} className="chart-grid" />
            {!privacy && (
              <text x={LEFT - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" className="chart-label">
                {formatTick(tick)}
              </text>
            )}
          </g>
        ))}
        <line x1={LEFT} x2={LEFT + plotWidth} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="chart-axis-line" />
        {labelledDays(days.length, plotWidth, withYear ? DAY_YEAR_LABEL_PX : DAY_LABEL_PX).map((index) => {
          const day = days[index]!;
          const anchor = index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle';
          return (
            <text key={day.day} x={x(index)} y={HEIGHT - 8} textAnchor={anchor} className="chart-label chart-day">
              {withYear ? formatDayWithYear(day.day) : formatDay(day.day)}
            </text>
          );
        })}
      </g>
      {runs.map((run) =>
        // A lone day between gaps has no line: a dot shows it.
        run.length === 1 ? (
          <circle key={run[0]!.index} cx={x(run[0]!.index)} cy={y(run[0]!.value)} r={2.5} className="chart-dot" />
        ) : (
          <path key={run[0]!.index} d={pathOf(run)} className="chart-line" />
        ),
      )}
    </svg>
  );
}
