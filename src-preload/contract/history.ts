import { z } from 'zod';
import { operation } from './define';
import { DecimalString } from './money';

/** Largest page the app asks for; the service's own maximum is not in the spec (8), the sandbox serves 500. */
export const MAX_RECORDS_PER_PAGE = 500;
export const PAGE_SIZES = [25, 50, 100, 250] as const;

/** Fields POST /transactions may order by (the spec leaves them open; these are the ones the service accepts). */
export const HistoryOrderBy = z.enum(['date', 'amount', 'value', 'symbol', 'status', 'type']);
export type HistoryOrderBy = z.infer<typeof HistoryOrderBy>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/**
 * withdrawType values as the service uses them (the spec does not name them): 0 is a deposit, the rest are
 * kinds of outgoing movement. Unknown values are shown as their number.
 */
export const withdrawTypeLabels: Readonly<Record<number, string>> = {
  0: 'Deposit',
  1: 'Send',
  2: 'Swap',
  3: 'Merchant API withdrawal',
};

/** What narrows and orders the history; everything but page and page size, so an export can reuse it. */
export const HistoryQuery = z
  .object({
    filter: z.string().trim().max(200).optional(),
    orderBy: HistoryOrderBy.optional(),
    sortOrder: SortOrder.optional(),
    symbols: z.array(z.string().min(1).max(20)).max(32).optional(),
    withdrawTypes: z.array(z.number().int().min(0).max(1000)).max(32).optional(),
    hideLowAmounts: z.boolean().optional(),
  })
  .strict();
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryPageRequest = HistoryQuery.extend({
  page: z.number().int().min(1).max(1_000_000),
  recordsPerPage: z.number().int().min(1).max(MAX_RECORDS_PER_PAGE),
}).strict();
export type HistoryPageRequest = z.infer<typeof HistoryPageRequest>;

export const FiatPricesView = z.object({
  usd: DecimalString,
  eur: DecimalString,
  gbp: DecimalString,
  try: DecimalString,
  jpy: DecimalString,
});

/** One TransactionItem (spec 2.2) with every amount as exact decimal text. */
export const HistoryItem = z.object({
  symbolId: z.number(),
  symbol: z.string(),
  symbolName: z.string(),
  displayName: z.string(),
  /** Network name from the app's asset table, or null for a symbol the app does not know. */
  network: z.string().nullable(),
  address: z.string(),
  /** Empty when the service has none (yet). */
  txId: z.string(),
  amount: DecimalString,
  /** As the service sends it; values beyond `Completed` are passed through unchanged. */
  status: z.string(),
  type: z.string(),
  /** ISO 8601 UTC, as the service sends it. */
  date: z.string(),
  /** USD value. */
  value: DecimalString,
  referenceId: z.string(),
  label: z.string(),
  merchantTransactionId: z.string(),
  to: z.string(),
  withdrawType: z.number(),
  prices: FiatPricesView,
  isAutoCollected: z.boolean(),
  /** Block explorer page of txId on its network (https, allowlisted host), or null. */
  explorerUrl: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const HistoryPage = z.object({
  totalRecords: z.number().int().min(0),
  totalPages: z.number().int().min(0),
  page: z.number().int().min(1),
  recordsPerPage: z.number().int().min(1),
  items: z.array(HistoryItem),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

/** Filters, sort and page size remembered per account. */
export const HistoryFilters = z.object({
  filter: z.string().max(200).default(''),
  symbols: z.array(z.string().min(1).max(20)).max(32).default([]),
  withdrawTypes: z.array(z.number().int().min(0).max(1000)).max(32).default([]),
  hideLowAmounts: z.boolean().default(false),
  orderBy: HistoryOrderBy.default('date'),
  sortOrder: SortOrder.default('desc'),
  recordsPerPage: z.number().int().min(1).max(MAX_RECORDS_PER_PAGE).default(50),
});
export type HistoryFilters = z.infer<typeof HistoryFilters>;
export const defaultHistoryFilters = (): HistoryFilters => HistoryFilters.parse({});

export const ExportState = z.enum(['running', 'retrying', 'done', 'cancelled', 'failed']);
export type ExportState = z.infer<typeof ExportState>;

export const ExportProgress = z.object({
  exportId: z.string(),
  written: z.number().int().min(0),
  total: z.number().int().min(0),
  page: z.number().int().min(0),
  totalPages: z.number().int().min(0),
  state: ExportState,
  /** Why it is retrying or failed, in words; the file name when done. */
  message: z.string().optional(),
});
export type ExportProgress = z.infer<typeof ExportProgress>;

export const historyOperations = {
  /** One page of POST /transactions for the active account. */
  'history.page': operation(HistoryPageRequest, HistoryPage),
  /** The filters remembered for the active account (defaults when none are). */
  'history.getFilters': operation(z.void(), HistoryFilters),
  // Strict: a key the app does not know is a mistake to report, not something to drop silently.
  'history.saveFilters': operation(HistoryFilters.strict(), HistoryFilters),
  /**
   * Asks for a file with the save dialog, then exports the whole filtered history to it in the background
   * (progress in `history.export.progress`). exportId is null when the user closed the dialog.
   */
  'history.startExport': operation(
    z.object({ filters: HistoryQuery }).strict(),
    z.object({ exportId: z.string().nullable() }),
  ),
  /** Stops an export and removes its unfinished file. */
  'history.cancelExport': operation(
    z.object({ exportId: z.string().min(1).max(100) }).strict(),
    z.object({ cancelled: z.boolean() }),
  ),
} as const;

export const historyEvents = {
  'history.export.progress': ExportProgress,
} as const;
