import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import { formatShare } from '../../../format/amounts';
import type { Allocation } from './allocation';

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 90;
const SHARE_WIDTH = 60;

/**
 * Horizontal bars, one per asset, longest first. Pixel geometry may use floats; the numbers shown come
 * from the exact shares. Loaded on demand (React.lazy) so the chart code is not in the first bundle.
 */
export default function AllocationChart({
  allocation,
  privacy,
  width,
}: {
  allocation: Allocation;
  privacy: boolean;
  /** The width the figure gives the drawing, in CSS pixels. */
  width: number;
}): React.JSX.Element {
  const height = allocation.slices.length * ROW_HEIGHT;
  const y = scaleBand<string>({
    domain: allocation.slices.map((slice) => slice.code),
    range: [0, height],
    padding: 0.2,
  });
  const x = scaleLinear<number>({ domain: [0, 1], range: [0, Math.max(1, width - LABEL_WIDTH - SHARE_WIDTH)] });
  return (
    <svg className="chart" aria-hidden="true" width={width} height={height}>
      {allocation.slices.map((slice) => {
        const top = y(slice.code) ?? 0;
        const length = x(Number(slice.share));
        return (
          <g key={slice.code}>
            <text x={0} y={top + y.bandwidth() / 2} dominantBaseline="middle" className="chart-label">
              {slice.code}
            </text>
            <Bar x={LABEL_WIDTH} y={top} width={Math.max(1, length)} height={y.bandwidth()} className="chart-bar" />
            {!privacy && (
              <text
                x={LABEL_WIDTH + length + 6}
                y={top + y.bandwidth() / 2}
                dominantBaseline="middle"
                className="chart-label"
              >
                {formatShare(slice.share)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
