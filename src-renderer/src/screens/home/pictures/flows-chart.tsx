import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { DayFlow } from './daily-flows';
import { RichText } from '../../../i18n/use-text';
import { formatDay } from './day-format';

const HEIGHT = 160;
const AXIS = 18;

/**
 * Deposits and withdrawals side by side per day, scaled to the largest day. No amounts are drawn (the table
 * has them), so privacy mode has nothing to hide here but the table's cells. Loaded on demand (React.lazy).
 */
export default function FlowsChart({ flows, width }: { flows: readonly DayFlow[]; width: number }): React.JSX.Element {
  const x = scaleBand<string>({ domain: flows.map((flow) => flow.day), range: [0, width], padding: 0.2 });
  const largest = Math.max(1, ...flows.flatMap((flow) => [Number(flow.depositsUsd), Number(flow.withdrawalsUsd)]));
  const y = scaleLinear<number>({ domain: [0, largest], range: [0, HEIGHT - AXIS] });
  const half = x.bandwidth() / 2;
  // As many day labels as fit at about 80 px each.
  const labelEvery = Math.ceil(flows.length / Math.max(2, Math.floor(width / 80)));
  return (
    <>
      <svg className="chart" aria-hidden="true" width={width} height={HEIGHT}>
        {flows.map((flow, index) => {
          const left = x(flow.day) ?? 0;
          const deposit = y(Number(flow.depositsUsd));
          const withdrawal = y(Number(flow.withdrawalsUsd));
          return (
            <g key={flow.day}>
              <Bar x={left} y={HEIGHT - AXIS - deposit} width={half} height={deposit} className="chart-bar" />
              <Bar
                x={left + half}
                y={HEIGHT - AXIS - withdrawal}
                width={half}
                height={withdrawal}
                className="chart-bar-out"
              />
              {index % labelEvery === 0 && (
                <text x={left} y={HEIGHT - 4} className="chart-label">
                  {formatDay(flow.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* For sighted readers only: the table's column names already say which is which. */}
      <p className="chart-legend" aria-hidden="true">
        <RichText
          id="pictures.flows.legend"
          values={{
            in: () => <span className="chart-swatch chart-bar-in" />,
            out: () => <span className="chart-swatch chart-bar-out" />,
          }}
        />
      </p>
    </>
  );
}
