import { useCallback, useLayoutEffect } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useHistoryStore } from '../../stores/history-store';
import { useSessionStore } from '../../stores/session-store';
import { useText } from '../../i18n/use-text';
import { HistoryDetail } from './history-detail';
import { HistoryExport } from './history-export';
import { LabelTransfer } from './label-transfer';
import { HistoryFilterBar } from './history-filters';
import { HistoryPagination } from './history-pagination';
import { HistoryTable } from './history-table';

function LoadingRows(): React.JSX.Element {
  const t = useText();
  return (
    <div aria-busy="true" className="history-loading">
      <p role="status">{t('history.loading')}</p>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton history-skeleton-row" />
      ))}
    </div>
  );
}

/** Transaction history of the active account: filters, sortable table, pages, details and CSV export. */
export function HistoryScreen(): React.JSX.Element {
  const t = useText();
  const accountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  const filters = useHistoryStore((state) => state.filters);
  const result = useHistoryStore((state) => state.result);
  const openedKey = useHistoryStore((state) => state.opened);
  const page = useHistoryStore((state) => state.page);
  const loading = useHistoryStore((state) => state.loading);
  const error = useHistoryStore((state) => state.error);
  const init = useHistoryStore((state) => state.init);
  const sortBy = useHistoryStore((state) => state.sortBy);
  const goToPage = useHistoryStore((state) => state.goToPage);
  const reload = useHistoryStore((state) => state.reload);
  const close = useHistoryStore((state) => state.closeRow);
  // The table counts rows by position; the store keeps the record itself, so a newer page keeps it open.
  const openRow = useCallback((index: number) => {
    const { result: shown, openRow: open } = useHistoryStore.getState();
    const item = shown?.items[index];
    if (item) open(item.rowKey);
  }, []);

  // Filters are remembered per account: load them again whenever the account changes. A layout effect, so
  // the rows of the last visit are never painted without the table saying a new page is on its way.
  useLayoutEffect(() => {
    if (accountGuid) void init();
  }, [accountGuid, init]);

  const items = result?.items ?? [];
  const opened = openedKey === null ? undefined : items.find((item) => item.rowKey === openedKey);

  return (
    <section aria-labelledby="history-title" className="screen history">
      <header className="row history-head">
        <h2 id="history-title">{t('history.title')}</h2>
        <HistoryExport disabled={!filters || (result?.totalRecords ?? 0) === 0} />
        <LabelTransfer />
      </header>
      {filters && <HistoryFilterBar filters={filters} />}
      {error && (
        <div className="row">
          <ErrorMessage error={error} />
          <button type="button" className="secondary" onClick={() => void reload()}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {!result && loading && <LoadingRows />}
      {result && filters && (
        <>
          {items.length === 0 ? (
            <p className="history-empty">
              {t(result.totalRecords === 0 ? 'history.empty.noMatch' : 'history.empty.page')}
            </p>
          ) : (
            <HistoryTable
              items={items}
              orderBy={filters.orderBy}
              sortOrder={filters.sortOrder}
              busy={loading}
              onSort={sortBy}
              onOpen={openRow}
            />
          )}
          <HistoryPagination
            page={page}
            query={JSON.stringify(filters)}
            totalPages={result.totalPages}
            totalRecords={result.totalRecords}
            busy={loading}
            onPage={goToPage}
          />
        </>
      )}
      {opened && <HistoryDetail item={opened} onClose={close} />}
    </section>
  );
}
