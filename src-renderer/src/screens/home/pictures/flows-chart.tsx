import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { DayFlow } from './daily-flows';

const WIDTH = 480;
const HEIGHT = 160;
const AXIS = 18;

/**
 * Deposits and withdrawals side by side per day, scaled to the largest day. No amounts are drawn (the table
 * has them), so privacy mode has nothing to hide here but the table's cells. Loaded on demand (React.lazy).
 */
export default function FlowsChart({ flows }: { flows: readonly DayFlow[] }): React.JSX.Element {
  const x = scaleBand<string>({ domain: flows.map((flow) => flow.day), range: [0, WIDTH], padding: 0.2 });
  const largest = Math.max(1, ...flows.flatMap((flow) => [Number(flow.depositsUsd), Number(flow.withdrawalsUsd)]));
  const y = scaleLinear<number>({ domain: [0, largest], range: [0, HEIGHT - AXIS] });
  const half = x.bandwidth() / 2;
  const labelEvery = Math.ceil(flows.length / 7);
  return (
    <>
      <svg className="chart" aria-hidden="true" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%">
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
                  {flow.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* For sighted readers only: the table's column names already say which is which. */}
      <p className="chart-legend" aria-hidden="true">
        <span className="chart-swatch chart-bar-in" /> Deposits <span className="chart-swatch chart-bar-out" />{' '}
        Withdrawals
      </p>
    </>
  );
}
