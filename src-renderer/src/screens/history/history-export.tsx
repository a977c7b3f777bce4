import { ErrorMessage } from '../../components/error-message';
import { formatCount } from '../../format/amounts';
import { isRunning, useHistoryStore } from '../../stores/history-store';

/** Export CSV with a progress bar and Cancel; the file is chosen in the save dialog main opens. */
export function HistoryExport({ disabled }: { disabled: boolean }): React.JSX.Element {
  const exporting = useHistoryStore((state) => state.exporting);
  const startExport = useHistoryStore((state) => state.startExport);
  const cancelExport = useHistoryStore((state) => state.cancelExport);
  const running = isRunning(exporting);
  const progress = exporting.progress;
  const total = progress?.total ?? 0;

  return (
    <div className="history-export">
      <button
        type="button"
        className="secondary"
        disabled={disabled || running || exporting.starting}
        onClick={() => void startExport()}
      >
        {exporting.starting ? 'Choosing a file…' : 'Export CSV'}
      </button>
      {running && (
        <>
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={Math.max(total, 1)}
            aria-valuenow={progress?.written ?? 0}
            aria-valuetext={
              total > 0 ? `${formatCount(progress?.written ?? 0)} of ${formatCount(total)} records` : 'Starting'
            }
            className="history-progress"
          >
            <span style={{ width: `${total > 0 ? Math.round(((progress?.written ?? 0) / total) * 100) : 0}%` }} />
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
  if (!progress) return null;
  switch (progress.state) {
    case 'running':
      return (
        <p role="status">
          {progress.total > 0
            ? `Exported ${formatCount(progress.written)} of ${formatCount(progress.total)} transactions`
            : 'Export started…'}
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
