import { memo, useCallback, useState } from 'react';
import type { HistoryItem, HistoryOrderBy, SortOrder } from '../../../../src-preload/contract/history';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { formatDateTime } from '../../format/dates';
import { ExplorerLink } from './explorer-link';
import { counterpartyOf, shortHash, withdrawTypeLabel } from './history-format';

interface Column {
  readonly label: string;
  readonly sort?: HistoryOrderBy;
  readonly numeric?: boolean;
  /** Fixed widths (table-layout: fixed) so laying out a page never measures every cell's text. */
  readonly width: string;
}

const columns: readonly Column[] = [
  { label: 'Date', sort: 'date', width: '12.5rem' },
  { label: 'Type', sort: 'type', width: '6rem' },
  { label: 'Asset', sort: 'symbol', width: '9rem' },
  { label: 'Amount', sort: 'amount', numeric: true, width: '14rem' },
  { label: 'USD value', sort: 'value', numeric: true, width: '8rem' },
  { label: 'Status', sort: 'status', width: '7rem' },
  { label: 'To / from', width: '10rem' },
  { label: 'Transaction', width: '10.5rem' },
  { label: 'Reference', width: '10rem' },
  { label: 'Label', width: '12rem' },
];

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
  const { sort } = column;
  const className = column.numeric ? 'numeric' : undefined;
  if (!sort) {
    return (
      <th scope="col" className={className}>
        {column.label}
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
        {column.label}
        <span aria-hidden="true">{active ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/**
 * The column widths as one grid template: each row lays out as a grid of its own (styles.css), so a row
 * scrolled out of view is skipped whole instead of taking part in the layout of one big table.
 */
const columnTemplate = {
  '--history-columns': columns.map((column) => column.width).join(' '),
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
  const counterparty = counterpartyOf(item);
  if (counterparty.address === null) {
    return <td className="history-muted">{counterparty.words}</td>;
  }
  return (
    <td title={`To ${counterparty.address}`}>
      <span className="history-muted">to </span>
      <span className="mono">{shortHash(counterparty.address)}</span>
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
  return (
    <tr
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      onFocus={() => onFocusRow(index)}
      aria-label={`${item.type} ${item.symbol} ${item.date.slice(0, 10)}, reference ${item.referenceId}`}
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
      <td>
        <time dateTime={item.date} title={item.date}>
          {formatDateTime(item.date)}
        </time>
      </td>
      <td title={withdrawTypeLabel(item.withdrawType)}>{item.type}</td>
      <td className="history-asset">
        <span className="history-symbol">{item.symbol}</span>
        <span className="history-muted history-network">{item.network ?? item.displayName}</span>
      </td>
      <td className="numeric">
        <CryptoAmount value={item.amount} code={item.symbol} />
      </td>
      <td className="numeric">
        <UsdAmount value={item.value} />
      </td>
      <td>
        <span className={statusClass(item.status)}>{item.status}</span>
      </td>
      <CounterpartyCell item={item} />
      <td>
        <ExplorerLink txId={item.txId} url={item.explorerUrl} inRow />
      </td>
      <td className="mono" title={item.referenceId}>
        {shortHash(item.referenceId, 8)}
      </td>
      <td>{item.label}</td>
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
  const [focus, setFocus] = useState({ items, index: 0 });
  // A new page starts the roving tab stop at its first row.
  const active = focus.items === items ? focus.index : 0;
  const onFocusRow = useCallback((index: number) => setFocus({ items, index }), [items]);
  return (
    <div className="history-table-wrap">
      <table aria-label="Transactions" aria-busy={busy} className="history-table" style={columnTemplate}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.label} style={{ width: column.width }} />
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
    </div>
  );
}
