import { useId, useState } from 'react';
import type { ExportAccounts, ExportFormat } from '../../../../src-preload/contract/history';
import { fiatCurrencies, type FiatCurrency } from '../../../../src-preload/contract/receive';
import { ErrorMessage } from '../../components/error-message';
import { formatCount } from '../../format/amounts';
import { isRunning, useHistoryStore } from '../../stores/history-store';
import { useSessionStore } from '../../stores/session-store';

/** The layouts on offer, each named for the person or tool that reads it (docs/exports.md). */
const formats: ReadonlyArray<{ readonly value: ExportFormat; readonly label: string }> = [
  { value: 'csv', label: 'Complete CSV' },
  { value: 'koinly', label: 'Koinly (universal CSV)' },
  { value: 'cointracking', label: 'CoinTracking CSV' },
  { value: 'xero', label: 'Xero bank statement' },
  { value: 'quickbooks', label: 'QuickBooks bank statement' },
  { value: 'json', label: 'JSON for programs' },
];

/**
 * Export the filtered view (search, symbols, type, small amounts, date range) in the chosen layout, with
 * the fiat value at the time in the chosen currency and the user's labels, for this account or all of
 * them; a progress bar and Cancel. The file is chosen in the save dialog main opens.
 */
export function HistoryExport({ disabled }: { disabled: boolean }): React.JSX.Element {
  const exporting = useHistoryStore((state) => state.exporting);
  const startExport = useHistoryStore((state) => state.startExport);
  const cancelExport = useHistoryStore((state) => state.cancelExport);
  const accountCount = useSessionStore((state) => state.view?.accounts.length ?? 0);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [currency, setCurrency] = useState<FiatCurrency>('USD');
  const [accounts, setAccounts] = useState<ExportAccounts>('active');
  const ids = { format: useId(), currency: useId(), accounts: useId() };
  const running = isRunning(exporting);
  const locked = disabled || running || exporting.starting;
  const progress = exporting.progress;
  // With a date range the service's totals include records outside it: progress counts pages instead.
  const done = exporting.ranged ? (progress?.page ?? 0) : (progress?.written ?? 0);
  const total = exporting.ranged ? (progress?.totalPages ?? 0) : (progress?.total ?? 0);
  const unit = exporting.ranged ? 'pages checked' : 'records';

  return (
    <div className="history-export">
      <label htmlFor={ids.format}>Export as</label>
      <select
        id={ids.format}
        value={format}
        disabled={locked}
        onChange={(event) => setFormat(event.target.value as ExportFormat)}
      >
        {formats.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <label htmlFor={ids.currency}>Value in</label>
      <select
        id={ids.currency}
        value={currency}
        disabled={locked || format === 'json'}
        onChange={(event) => setCurrency(event.target.value as FiatCurrency)}
      >
        {fiatCurrencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      {accountCount > 1 && (
        <>
          <label htmlFor={ids.accounts}>Accounts</label>
          <select
            id={ids.accounts}
            value={accounts}
            disabled={locked}
            onChange={(event) => setAccounts(event.target.value as ExportAccounts)}
          >
            <option value="active">This account</option>
            <option value="all">All my accounts</option>
          </select>
        </>
      )}
      <button
        type="button"
        className="secondary"
        disabled={locked}
        onClick={() => void startExport({ format, currency, accounts })}
      >
        Export
      </button>
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
            ? `Exported ${formatCount(progress.written)} transactions in the date range (page ${formatCount(progress.page)} of ${formatCount(progress.totalPages)} checked).`
            : `Exported ${formatCount(progress.written)} of ${formatCount(progress.total)} transactions.`}
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
