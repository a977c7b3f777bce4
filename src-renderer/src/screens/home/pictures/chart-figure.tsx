import { Suspense, useId, useState, type ReactNode } from 'react';
import { useElementWidth } from '../../../hooks/use-element-width';
import { useText } from '../../../i18n/use-text';

/**
 * A picture with its numbers: the figure is named by its caption; the drawing is hidden from assistive
 * tech and the table beside it carries the same numbers, always in the accessibility tree (visually
 * hidden until "Show as table" swaps it for the drawing). The drawing is given the width the figure has.
 */
export function ChartFigure({
  title,
  chart,
  table,
  controls,
}: {
  title: string;
  chart: (width: number) => ReactNode;
  table: ReactNode;
  /** Shown between the caption row and the drawing (range buttons and the like). */
  controls?: ReactNode;
}): React.JSX.Element {
  const captionId = useId();
  const [asTable, setAsTable] = useState(false);
  const [drawingArea, width] = useElementWidth<HTMLDivElement>();
  const t = useText();
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
          {t('pictures.showAsTable')}
        </button>
      </div>
      {controls}
      <div ref={drawingArea} className="chart-area" hidden={asTable}>
        {!asTable && width > 0 && (
          <Suspense fallback={<p className="chart-loading">{t('pictures.loadingChart')}</p>}>{chart(width)}</Suspense>
        )}
      </div>
      <div className={asTable ? 'chart-table' : 'visually-hidden'}>{table}</div>
    </figure>
  );
}
