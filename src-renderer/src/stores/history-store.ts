import {
  defaultHistoryFilters,
  type ExportAccounts,
  type ExportFormat,
  type ExportProgress,
  type HistoryFilters,
  type HistoryItem,
  type HistoryOrderBy,
  type HistoryPage,
  type HistoryQuery,
} from '../../../src-preload/contract/history';
import type { FiatCurrency } from '../../../src-preload/contract/receive';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { dayRangeToInstants } from '../format/day-range';
import { createSessionStore } from './session-reset';

/** Text columns start A→Z; dates and amounts start with the largest (newest) first. */
const firstOrder: Record<HistoryOrderBy, 'asc' | 'desc'> = {
  date: 'desc',
  amount: 'desc',
  value: 'desc',
  symbol: 'asc',
  status: 'asc',
  type: 'asc',
};

export interface ExportView {
  readonly exportId: string | null;
  /** Waiting for the save dialog or the start answer. */
  readonly starting: boolean;
  readonly progress: ExportProgress | null;
  readonly error: BridgeError | null;
  /** The export has a date range: the service's totals count records outside it, so progress is per page. */
  readonly ranged: boolean;
}

/** What the user chose to export: the layout, the fiat currency of the values, one account or all. */
export interface ExportChoice {
  readonly format: ExportFormat;
  readonly currency: FiatCurrency;
  readonly accounts: ExportAccounts;
}

interface HistoryState {
  /** Null until the remembered filters of the active account have loaded. */
  readonly filters: HistoryFilters | null;
  readonly page: number;
  readonly result: HistoryPage | null;
  /**
   * The row whose detail is open, by its rowKey: a click is kept across a page that was still on its way
   * (opening the screen reloads it), and ends only when the page that arrives no longer lists that record.
   */
  readonly opened: string | null;
  /** A page is on its way: set from the first step of opening the screen, before the old rows can be clicked. */
  readonly loading: boolean;
  readonly error: BridgeError | null;
  readonly exporting: ExportView;
  init(): Promise<void>;
  setFilters(change: Partial<HistoryFilters>): void;
  sortBy(column: HistoryOrderBy): void;
  goToPage(page: number): void;
  reload(): Promise<void>;
  openRow(rowKey: string): void;
  closeRow(): void;
  startExport(options: ExportChoice): Promise<void>;
  /** Sets ('' removes) the user's own label on a record; the answer, so the form can show a refusal. */
  setLabel(rowKey: string, label: string): Promise<BridgeError | null>;
  cancelExport(): Promise<void>;
}

const idleExport: ExportView = { exportId: null, starting: false, progress: null, error: null, ranged: false };
const initial = {
  filters: null,
  page: 1,
  result: null,
  opened: null,
  loading: false,
  error: null,
  exporting: idleExport,
} as const;

export function queryOf(filters: HistoryFilters): HistoryQuery {
  return {
    orderBy: filters.orderBy,
    sortOrder: filters.sortOrder,
    ...(filters.filter.trim() === '' ? {} : { filter: filters.filter.trim() }),
    ...(filters.symbols.length > 0 ? { symbols: filters.symbols } : {}),
    ...(filters.withdrawTypes.length > 0 ? { withdrawTypes: filters.withdrawTypes } : {}),
    ...(filters.hideLowAmounts ? { hideLowAmounts: true } : {}),
    ...dateQueryOf(filters),
  };
}

/** The remembered From/To days as instants; a pair that does not make a range narrows nothing. */
function dateQueryOf(filters: HistoryFilters): Pick<HistoryQuery, 'since' | 'until'> {
  const range = dayRangeToInstants(filters.fromDay, filters.toDay);
  if (range.kind !== 'range') return {};
  return {
    ...(range.since === undefined ? {} : { since: range.since }),
    ...(range.until === undefined ? {} : { until: range.until }),
  };
}

/**
 * The rowKey the open detail keeps once `next` replaces `previous`: the same record if the new page lists it.
 * A rowKey hashes the txId too, which a pending withdrawal gains once broadcast, so a record not found by key
 * is still the same one when it is the only row of the new page with its reference id, asset and type.
 */
export function openedRowIn(
  opened: string | null,
  previous: readonly HistoryItem[],
  next: readonly HistoryItem[],
): string | null {
  if (opened === null) return null;
  if (next.some((item) => item.rowKey === opened)) return opened;
  const was = previous.find((item) => item.rowKey === opened);
  if (!was || was.referenceId === '') return null;
  const same = next.filter(
    (item) => item.referenceId === was.referenceId && item.symbol === was.symbol && item.type === was.type,
  );
  return same.length === 1 && same[0] ? same[0].rowKey : null;
}

const RATE_LIMIT_RETRY_SECONDS = 2;

export const useHistoryStore = createSessionStore<HistoryState>((set, get, _store, generation) => {
  const load = async (): Promise<void> => {
    const { filters, page } = get();
    if (!filters) return;
    const mine = generation.next();
    set({ loading: true, error: null });
    const result = await wallet.history.page({ ...queryOf(filters), page, recordsPerPage: filters.recordsPerPage });
    if (!generation.isCurrent(mine)) return;
    if (result.ok) {
      const { opened, result: previous } = get();
      set({
        result: result.value,
        opened: openedRowIn(opened, previous?.items ?? [], result.value.items),
        loading: false,
      });
      return;
    }
    set({ error: result.error, loading: false });
    if (result.error.code === 'rate_limited') {
      // Ask again once the service's wait is over, unless the user has moved on (a newer request or reset).
      const seconds = Math.min(Math.max(result.error.retryAfterSeconds ?? RATE_LIMIT_RETRY_SECONDS, 1), 60);
      setTimeout(() => {
        if (generation.isCurrent(mine)) void load();
      }, seconds * 1000);
    }
  };

  const remember = (filters: HistoryFilters): void => {
    void wallet.history.saveFilters(filters).then((saved) => {
      if (!saved.ok) set({ error: saved.error });
    });
  };

  return {
    ...initial,

    async init() {
      const mine = generation.next();
      // The rows of the last visit are still shown while the filters and then the page load: busy from now.
      set({ loading: true, error: null });
      const remembered = await wallet.history.getFilters();
      if (!generation.isCurrent(mine)) return;
      set({
        filters: remembered.ok ? remembered.value : defaultHistoryFilters(),
        page: 1,
        ...(remembered.ok ? {} : { error: remembered.error }),
      });
      await load();
    },

    setFilters(change) {
      const current = get().filters;
      if (!current) return;
      const filters = { ...current, ...change };
      set({ filters, page: 1 });
      remember(filters);
      void load();
    },

    sortBy(column) {
      const current = get().filters;
      if (!current) return;
      const sortOrder =
        current.orderBy === column ? (current.sortOrder === 'asc' ? 'desc' : 'asc') : firstOrder[column];
      get().setFilters({ orderBy: column, sortOrder });
    },

    goToPage(page) {
      const total = get().result?.totalPages ?? 1;
      set({ page: Math.min(Math.max(1, page), Math.max(1, total)) });
      void load();
    },

    reload: load,

    openRow(rowKey) {
      if (get().result?.items.some((item) => item.rowKey === rowKey)) set({ opened: rowKey });
    },

    closeRow() {
      set({ opened: null });
    },

    async startExport({ format, currency, accounts }) {
      const { filters, exporting } = get();
      if (!filters || exporting.starting || isRunning(exporting)) return;
      const query = queryOf(filters);
      const ranged = query.since !== undefined || query.until !== undefined;
      set({ exporting: { ...idleExport, starting: true, ranged } });
      const result = await wallet.history.startExport({ filters: query, format, currency, accounts });
      if (!result.ok) {
        set({ exporting: { ...idleExport, error: result.error } });
        return;
      }
      const { exportId } = result.value;
      // Progress events may have arrived before the answer; keep them if they are this export's.
      const progress = get().exporting.progress;
      set({
        exporting: {
          exportId,
          starting: false,
          progress: progress?.exportId === exportId ? progress : null,
          error: null,
          ranged,
        },
      });
    },

    async setLabel(rowKey, label) {
      const saved = await wallet.history.setLabel({ rowKey, label });
      if (!saved.ok) return saved.error;
      const { result } = get();
      if (result?.items.some((item) => item.rowKey === rowKey)) {
        set({
          result: {
            ...result,
            items: result.items.map((item) =>
              item.rowKey === rowKey ? { ...item, userLabel: saved.value.label } : item,
            ),
          },
        });
      }
      return null;
    },

    async cancelExport() {
      const { exportId } = get().exporting;
      if (exportId) await wallet.history.cancelExport({ exportId });
    },
  };
});

export function isRunning(exporting: ExportView): boolean {
  return (
    exporting.exportId !== null &&
    (exporting.progress === null || exporting.progress.state === 'running' || exporting.progress.state === 'retrying')
  );
}

// Main runs one export at a time, so every progress event is about the export this window started.
wallet.on('history.export.progress', (progress) => {
  useHistoryStore.setState((state) => ({
    exporting: { ...state.exporting, progress, exportId: state.exporting.exportId ?? progress.exportId },
  }));
});
