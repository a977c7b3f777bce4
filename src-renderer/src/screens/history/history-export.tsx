import { useId, useState } from 'react';
import type { ExportAccounts, ExportFormat } from '../../../../src-preload/contract/history';
import { fiatCurrencies, type FiatCurrency } from '../../../../src-preload/contract/receive';
import { ErrorMessage } from '../../components/error-message';
import { type MessageId } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { isRunning, useHistoryStore } from '../../stores/history-store';
import { useSessionStore } from '../../stores/session-store';

/** The layouts on offer, each named for the person or tool that reads it (docs/exports.md). */
const formats: ReadonlyArray<{ readonly value: ExportFormat; readonly label: MessageId }> = [
  { value: 'csv', label: 'history.export.format.csv' },
  { value: 'koinly', label: 'history.export.format.koinly' },
  { value: 'cointracking', label: 'history.export.format.cointracking' },
  { value: 'xero', label: 'history.export.format.xero' },
  { value: 'quickbooks', label: 'history.export.format.quickbooks' },
  { value: 'json', label: 'history.export.format.json' },
];

/**
 * Export the filtered view (search, symbols, type, small amounts, date range) in the chosen layout, with
 * the fiat value at the time in the chosen currency and the user's labels, for this account or all of
 * them; a progress bar and Cancel. The file is chosen in the save dialog main opens.
 */
export function HistoryExport({ disabled }: { disabled: boolean }): React.JSX.Element {
  const t = useText();
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

  return (
    <div className="history-export">
      <label htmlFor={ids.format}>{t('history.export.as')}</label>
      <select
        id={ids.format}
        value={format}
        disabled={locked}
        onChange={(event) => setFormat(event.target.value as ExportFormat)}
      >
        {formats.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {t(choice.label)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.currency}>{t('history.export.valueIn')}</label>
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
          <label htmlFor={ids.accounts}>{t('history.export.accounts')}</label>
          <select
            id={ids.accounts}
            value={accounts}
            disabled={locked}
            onChange={(event) => setAccounts(event.target.value as ExportAccounts)}
          >
            <option value="active">{t('history.export.thisAccount')}</option>
            <option value="all">{t('history.export.allAccounts')}</option>
          </select>
        </>
      )}
      <button
        type="button"
        className="secondary"
        disabled={locked}
        onClick={() => void startExport({ format, currency, accounts })}
      >
        {t('history.export.start')}
      </button>
      {exporting.starting && <p role="status">{t('history.export.choosing')}</p>}
      {running && (
        <>
          <div
            role="progressbar"
            aria-label={t('history.export.progress')}
            aria-valuemin={0}
            aria-valuemax={Math.max(total, 1)}
            aria-valuenow={done}
            aria-valuetext={
              total > 0
                ? t(exporting.ranged ? 'history.export.progressPages' : 'history.export.progressRecords', {
                    done,
                    total,
                  })
                : t('history.export.progressStarting')
            }
            className="history-progress"
          >
            <span style={{ width: `${total > 0 ? Math.round((done / total) * 100) : 0}%` }} />
          </div>
          <button type="button" className="secondary" onClick={() => void cancelExport()}>
            {t('history.export.cancel')}
          </button>
        </>
      )}
      <ExportStatus />
      <ErrorMessage error={exporting.error} />
    </div>
  );
}

function ExportStatus(): React.JSX.Element | null {
  const t = useText();
  const progress = useHistoryStore((state) => state.exporting.progress);
  const ranged = useHistoryStore((state) => state.exporting.ranged);
  if (!progress) return null;
  switch (progress.state) {
    case 'running':
      if (progress.total === 0) return <p role="status">{t('history.export.started')}</p>;
      return (
        <p role="status">
          {ranged
            ? t('history.export.runningRanged', {
                written: progress.written,
                page: progress.page,
                pages: progress.totalPages,
              })
            : t('history.export.running', { written: progress.written, total: progress.total })}
        </p>
      );
    case 'retrying':
      return <p role="status">{progress.message ?? t('history.export.retrying')}</p>;
    case 'done':
      return (
        <p role="status">
          {t('history.export.finished', { written: progress.written })} {progress.message}
        </p>
      );
    case 'cancelled':
      return <p role="status">{progress.message ?? t('history.export.cancelled')}</p>;
    case 'failed':
      return <p role="alert">{progress.message ?? t('history.export.failed')}</p>;
  }
}
