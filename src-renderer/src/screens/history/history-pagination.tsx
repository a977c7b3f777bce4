import { formatCount } from '../../format/amounts';

export function HistoryPagination({
  page,
  totalPages,
  totalRecords,
  busy,
  onPage,
}: {
  page: number;
  totalPages: number;
  totalRecords: number;
  busy: boolean;
  onPage: (page: number) => void;
}): React.JSX.Element {
  const last = Math.max(1, totalPages);
  const atStart = page <= 1;
  const atEnd = page >= last;
  return (
    <nav aria-label="Pages" className="history-pages row">
      <button type="button" className="secondary" disabled={busy || atStart} onClick={() => onPage(1)}>
        First page
      </button>
      <button type="button" className="secondary" disabled={busy || atStart} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <p role="status" aria-live="polite">
        Page {formatCount(Math.min(page, last))} of {formatCount(last)} · {formatCount(totalRecords)}{' '}
        {totalRecords === 1 ? 'transaction' : 'transactions'}
      </p>
      <button type="button" className="secondary" disabled={busy || atEnd} onClick={() => onPage(page + 1)}>
        Next page
      </button>
      <button type="button" className="secondary" disabled={busy || atEnd} onClick={() => onPage(last)}>
        Last page
      </button>
    </nav>
  );
}
