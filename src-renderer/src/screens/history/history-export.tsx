import { ErrorMessage } from '../../components/error-message';
import { formatCount } from '../../format/amounts';
import { isRunning, useHistoryStore } from '../../stores/history-store';

/**
 * Export the filtered view (search, symbols, type, small amounts, date range) as CSV or JSON, with the
 * user's labels, a progress bar and Cancel; the file is chosen in the save dialog main opens.
 */
export function HistoryExport({ disabled }: { disabled: boolean }): React.JSX.Element {
  const exporting = useHistoryStore((state) => state.exporting);
  const startExport = useHistoryStore((state) => state.startExport);
  const cancelExport = useHistoryStore((state) => state.cancelExport);
  const running = isRunning(exporting);
  const progress = exporting.progress;
  // With a date range the service's totals include records outside it: progress counts pages instead.
  const done = exporting.ranged ? (progress?.page ?? 0) : (progress?.written ?? 0);
  const total = exporting.ranged ? (progress?.totalPages ?? 0) : (progress?.total ?? 0);
  const unit = exporting.ranged ? 'pages checked' : 'records';

  return (
    <div className="history-export">
      {(['csv', 'json'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="secondary"
          disabled={disabled || running || exporting.starting}
          onClick={() => void startExport(format)}
        >
          {format === 'csv' ? 'Export CSV' : 'Export JSON'}
        </button>
      ))}
      {exporting.starting && <p role="status">Choosing a file…</p>}
      {running && (
        <>
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={Math.max(total, 1)}
            aria-valuenow={done}
            aria-valuetext={total > 0 ? `${formatCount(done)} of ${formatCount(total)} ${unit}` : 'Starting'}
            className="history-progress"
          >
            <span style={{ width: `${total > 0 ? Math.round((done / total) * 100) : 0}%` }} />
          </div>
          <button type="button" className="secondary" onClick={() => void cancelExport()}>
            Cancel export
          </button>
        </>
      )}
      <ExportStatus />
      <ErrorMessage error={exporting.error} />
    </div>
  );
}

function ExportStatus(): React.JSX.Element | null {
  const progress = useHistoryStore((state) => state.exporting.progress);
  const ranged = useHistoryStore((state) => state.exporting.ranged);
  if (!progress) return null;
  switch (progress.state) {
    case 'running':
      if (progress.total === 0) return <p role="status">Export started…</p>;
      return (
        <p role="status">
          {ranged
            ? `Exported ${formatCount(progress.written)} transactions in the date range (page ${formatCount(progress.page)} of ${formatCount(progress.totalPages)} checked)`
            : `Exported ${formatCount(progress.written)} of ${formatCount(progress.total)} transactions`}
        </p>
      );
    case 'retrying':
      return <p role="status">{progress.message ?? 'Retrying…'}</p>;
    case 'done':
      return (
        <p role="status">
          Export finished: {formatCount(progress.written)} transactions. {progress.message}
        </p>
      );
    case 'cancelled':
      return <p role="status">{progress.message ?? 'Export cancelled.'}</p>;
    case 'failed':
      return <p role="alert">{progress.message ?? 'The export failed.'}</p>;
  }
}
