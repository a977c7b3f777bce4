import { Suspense, useId, useState, type ReactNode } from 'react';

/**
 * A picture with its numbers: the figure is named by its caption; the drawing is hidden from assistive
 * tech and the table beside it carries the same numbers, always in the accessibility tree (visually
 * hidden until "Show as table" swaps it for the drawing).
 */
export function ChartFigure({
  title,
  chart,
  table,
}: {
  title: string;
  chart: ReactNode;
  table: ReactNode;
}): React.JSX.Element {
  const captionId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <figure aria-labelledby={captionId} className="card chart-figure">
      <div className="row chart-figure-header">
        <figcaption id={captionId}>{title}</figcaption>
        <button
          type="button"
          className="secondary"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          Show as table
        </button>
      </div>
      {!asTable && <Suspense fallback={<p className="chart-loading">Loading chart…</p>}>{chart}</Suspense>}
      <div className={asTable ? 'chart-table' : 'visually-hidden'}>{table}</div>
    </figure>
  );
}
