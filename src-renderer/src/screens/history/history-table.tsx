import { memo, useCallback, useState } from 'react';
import type { HistoryItem, HistoryOrderBy, SortOrder } from '../../../../src-preload/contract/history';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { formatDateTime } from '../../format/dates';
import type { MessageId } from '../../i18n/text';
import { RichText, useText } from '../../i18n/use-text';
import { ExplorerLink } from './explorer-link';
import { counterpartyOf, shortHash, withdrawTypeLabel } from './history-format';
import { statusWords, typeWords } from './history-words';

/** Window widths at which a column is still shown: every one, not the narrowest, only the widest. */
type Tier = 'all' | 'medium' | 'wide';

interface Column {
  readonly label: MessageId;
  /** Class of its header and cells (history-col-…). */
  readonly key: string;
  readonly sort?: HistoryOrderBy;
  readonly numeric?: boolean;
  /**
   * Share of the row's width: the table always fits its column, from 800 px to 2560 px windows. Fixed
   * shares still mean laying out a page never measures every cell's text.
   */
  readonly share: number;
  /**
   * Where it is shown: a narrower table drops the columns the row's detail dialog also
   * shows, so the others keep a readable width. Type goes last but one: To / from also says the direction.
   */
  readonly shown: Tier;
}

const columns: readonly Column[] = [
  { label: 'history.table.date', key: 'date', sort: 'date', share: 12, shown: 'all' },
  { label: 'history.table.type', key: 'type', sort: 'type', share: 7.5, shown: 'medium' },
  { label: 'history.table.asset', key: 'asset', sort: 'symbol', share: 9, shown: 'all' },
  { label: 'history.table.amount', key: 'amount', sort: 'amount', numeric: true, share: 13, shown: 'all' },
  { label: 'history.table.usdValue', key: 'value', sort: 'value', numeric: true, share: 8.5, shown: 'medium' },
  // Wide enough for a status in German ("Abgeschlossen") at 800 px; the address beside it ends in an ellipsis.
  { label: 'history.table.status', key: 'status', sort: 'status', share: 12, shown: 'all' },
  { label: 'history.table.counterparty', key: 'counterparty', share: 9.5, shown: 'all' },
  { label: 'history.table.transaction', key: 'transaction', share: 11, shown: 'medium' },
  { label: 'history.table.reference', key: 'reference', share: 8.5, shown: 'wide' },
  { label: 'history.table.serviceLabel', key: 'label', share: 9, shown: 'wide' },
  { label: 'history.table.userLabel', key: 'user-label', share: 9, shown: 'wide' },
];

/** The sorted column's arrow; the header's aria-sort says the same to assistive technology. */
const sortMarks = { asc: ' ▲', desc: ' ▼' } as const;
const NO_MARK = '';

/** The class a column's header and cells share. */
const col = (key: string, extra?: string): string => [`history-col-${key}`, extra].filter(Boolean).join(' ');

function SortHeader({
  column,
  orderBy,
  sortOrder,
  onSort,
}: {
  column: Column;
  orderBy: HistoryOrderBy;
  sortOrder: SortOrder;
  onSort: (c: HistoryOrderBy) => void;
}): React.JSX.Element {
  const t = useText();
  const { sort } = column;
  const className = col(column.key, column.numeric ? 'numeric' : undefined);
  if (!sort) {
    return (
      <th scope="col" className={className}>
        {t(column.label)}
      </th>
    );
  }
  const active = orderBy === sort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className="history-sort" onClick={() => onSort(sort)}>
        {t(column.label)}
        <span aria-hidden="true">{active ? sortMarks[sortOrder] : NO_MARK}</span>
      </button>
    </th>
  );
}

/**
 * The column widths as grid templates, one per window tier: each row lays out as a grid of its own
 * (styles.css), so a row scrolled out of view is skipped whole instead of taking part in the layout of one
 * big table; styles.css picks the template for the width the table has and hides the dropped cells.
 */
function template(tiers: readonly Tier[]): string {
  return columns
    .filter((column) => tiers.includes(column.shown))
    .map((column) => `minmax(0, ${column.share}fr)`)
    .join(' ');
}

const columnTemplate = {
  '--history-columns': template(['all', 'medium', 'wide']),
  '--history-columns-medium': template(['all', 'medium']),
  '--history-columns-narrow': template(['all']),
} as React.CSSProperties;

const rowMoves: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
  PageDown: (index) => index + 10,
  PageUp: (index) => index - 10,
};

function statusClass(status: string): string {
  return `history-status history-status-${status.toLowerCase().replace(/[^a-z]/g, '') || 'unknown'}`;
}

function CounterpartyCell({ item }: { item: HistoryItem }): React.JSX.Element {
  const t = useText();
  const counterparty = counterpartyOf(item);
  if (counterparty.address === null) {
    return <td className={col('counterparty', 'history-muted')}>{t(counterparty.words)}</td>;
  }
  return (
    <td className={col('counterparty')} title={t('history.table.toTitle', { address: counterparty.address })}>
      <RichText
        id="history.table.to"
        values={{
          address: shortHash(counterparty.address),
          muted: (chunks: React.ReactNode) => <span className="history-muted">{chunks}</span>,
          mono: (chunks: React.ReactNode) => <span className="mono">{chunks}</span>,
        }}
      />
    </td>
  );
}

/** One row: plain text and two amount components, no per-row state, memoised by item identity. */
const HistoryRow = memo(function HistoryRow({
  item,
  index,
  tabbable,
  onOpen,
  onFocusRow,
}: {
  item: HistoryItem;
  index: number;
  /** Roving tab stop: Tab enters the table once, arrows move between rows. */
  tabbable: boolean;
  onOpen: (index: number) => void;
  onFocusRow: (index: number) => void;
}): React.JSX.Element {
  const t = useText();
  return (
    <tr
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      onFocus={() => onFocusRow(index)}
      aria-label={t('history.table.row', {
        type: typeWords(item.type),
        symbol: item.symbol,
        day: item.date.slice(0, 10),
        reference: item.referenceId,
      })}
      onClick={() => onOpen(index)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(index);
        } else if (event.key in rowMoves) {
          event.preventDefault();
          const rows = event.currentTarget.parentElement?.children;
          const target =
            rows?.[Math.min(Math.max(0, (rowMoves[event.key] ?? (() => index))(index, rows.length)), rows.length - 1)];
          if (target instanceof HTMLElement) target.focus();
        }
      }}
    >
      <td className={col('date')}>
        <time dateTime={item.date} title={item.date}>
          {formatDateTime(item.date)}
        </time>
      </td>
      <td className={col('type')} title={withdrawTypeLabel(item.withdrawType)}>
        {typeWords(item.type)}
      </td>
      <td className={col('asset', 'history-asset')}>
        <span className="history-symbol">{item.symbol}</span>
        <span className="history-muted history-network">{item.network ?? item.displayName}</span>
      </td>
      <td className={col('amount', 'numeric')}>
        <CryptoAmount value={item.amount} code={item.symbol} />
      </td>
      <td className={col('value', 'numeric')}>
        <UsdAmount value={item.value} />
      </td>
      <td className={col('status')}>
        <span className={statusClass(item.status)}>{statusWords(item.status)}</span>
      </td>
      <CounterpartyCell item={item} />
      <td className={col('transaction')}>
        <ExplorerLink txId={item.txId} url={item.explorerUrl} inRow />
      </td>
      <td className={col('reference', 'mono')} title={item.referenceId}>
        {shortHash(item.referenceId, 8)}
      </td>
      {/* A label longer than its column ends in an ellipsis; the title gives all of it. */}
      <td className={col('label')} title={item.label}>
        {item.label}
      </td>
      <td className={col('user-label')} title={item.userLabel}>
        {item.userLabel}
      </td>
    </tr>
  );
});

export function HistoryTable({
  items,
  orderBy,
  sortOrder,
  busy,
  onSort,
  onOpen,
}: {
  items: readonly HistoryItem[];
  orderBy: HistoryOrderBy;
  sortOrder: SortOrder;
  busy: boolean;
  onSort: (column: HistoryOrderBy) => void;
  onOpen: (index: number) => void;
}): React.JSX.Element {
  const t = useText();
  const [focus, setFocus] = useState({ items, index: 0 });
  // A new page starts the roving tab stop at its first row.
  const active = focus.items === items ? focus.index : 0;
  const onFocusRow = useCallback((index: number) => setFocus({ items, index }), [items]);
  return (
    <div className="history-table-wrap">
      <table aria-label={t('history.table.label')} aria-busy={busy} className="history-table" style={columnTemplate}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.label} className={col(column.key)} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.label} column={column} orderBy={orderBy} sortOrder={sortOrder} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {/* Keyed by position: rows hold no state, so a new page updates them in place rather than tearing
              down and rebuilding a hundred rows of cells (about a third less work per page change). */}
          {items.map((item, index) => (
            <HistoryRow
              key={index}
              item={item}
              index={index}
              tabbable={index === active}
              onOpen={onOpen}
              onFocusRow={onFocusRow}
            />
          ))}
        </tbody>
      </table>
      <p className="history-dropped-note">{t('history.table.dropped')}</p>
    </div>
  );
}
