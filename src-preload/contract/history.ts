import { z } from 'zod';
import { operation } from './define';
import { DecimalString } from './money';
import { MAX_RECORDS_PER_PAGE, USER_LABEL_MAX } from './history-limits';
import { FiatCurrency } from './receive';
import { PlainText, TextLines, UserText } from './text';

export {
  MAX_RECORDS_PER_PAGE,
  MAX_USER_LABELS,
  PAGE_SIZES,
  USER_LABEL_MAX,
  withdrawTypeLabels,
} from './history-limits';
import { issueId } from '../input-issues';

/** Fields POST /transactions may order by (the spec leaves them open; these are the ones the service accepts). */
export const HistoryOrderBy = z.enum(['date', 'amount', 'value', 'symbol', 'status', 'type']);
export type HistoryOrderBy = z.infer<typeof HistoryOrderBy>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** A UTC instant as JSON writes it (`2026-11-23T23:00:00.000Z`), the only form the bridge accepts. */
export const IsoInstant = z.iso.datetime({ offset: false, precision: 3 });

/** Identity of one transaction for its local label (see row-key.ts in main): 32 hex digits. */
export const RowKey = z.string().regex(/^[0-9a-f]{32}$/);

/** What narrows and orders the history; everything but page and page size, so an export can reuse it. */
const HistoryQueryFields = z
  .object({
    filter: PlainText().trim().max(200).optional(),
    orderBy: HistoryOrderBy.optional(),
    sortOrder: SortOrder.optional(),
    symbols: z.array(PlainText().min(1).max(20)).max(32).optional(),
    withdrawTypes: z.array(z.number().int().min(0).max(1000)).max(32).optional(),
    hideLowAmounts: z.boolean().optional(),
    /**
     * Date range as UTC instants: from `since` (inclusive) to `until` (exclusive). POST /transactions has no
     * date fields (spec 4.1 #12), so main applies it to the service's answers (history-date-range.ts).
     */
    since: IsoInstant.optional(),
    until: IsoInstant.optional(),
  })
  .strict();

function rangeInOrder(query: { since?: string | undefined; until?: string | undefined }): boolean {
  return !query.since || !query.until || Date.parse(query.since) < Date.parse(query.until);
}
const rangeOrderMessage = { message: issueId('inputIssues.history.rangeOrder'), path: ['until'] };

export const HistoryQuery = HistoryQueryFields.refine(rangeInOrder, rangeOrderMessage);
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryPageRequest = HistoryQueryFields.extend({
  page: z.number().int().min(1).max(1_000_000),
  recordsPerPage: z.number().int().min(1).max(MAX_RECORDS_PER_PAGE),
})
  .strict()
  .refine(rangeInOrder, rangeOrderMessage);
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
  /** Identity of the record for its local label. */
  rowKey: RowKey,
  /** The signed-in user's own label for this record in this account ('' when none); kept in settings.json only. */
  userLabel: z.string(),
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
  filter: PlainText().max(200).default(''),
  symbols: z.array(PlainText().min(1).max(20)).max(32).default([]),
  withdrawTypes: z.array(z.number().int().min(0).max(1000)).max(32).default([]),
  hideLowAmounts: z.boolean().default(false),
  orderBy: HistoryOrderBy.default('date'),
  sortOrder: SortOrder.default('desc'),
  recordsPerPage: z.number().int().min(1).max(MAX_RECORDS_PER_PAGE).default(50),
  /** Date range as local calendar days (YYYY-MM-DD, '' when open); the renderer turns them into instants. */
  fromDay: z.union([z.literal(''), z.iso.date()]).default(''),
  toDay: z.union([z.literal(''), z.iso.date()]).default(''),
});
export type HistoryFilters = z.infer<typeof HistoryFilters>;
export const defaultHistoryFilters = (): HistoryFilters => HistoryFilters.parse({});

/**
 * csv: the complete export for people; json: the service's fields for programs; the rest are presets other
 * tools import as they are (docs/exports.md).
 */
export const ExportFormat = z.enum(['csv', 'json', 'koinly', 'cointracking', 'xero', 'quickbooks']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The active account only, or every account of the signed-in user in one file. */
export const ExportAccounts = z.enum(['active', 'all']);
export type ExportAccounts = z.infer<typeof ExportAccounts>;

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

/** One label a BIP-329 import would add or change ('' in `from` when there is none yet). */
export const LabelChangeView = z.object({
  type: z.enum(['tx', 'addr']),
  ref: z.string(),
  from: z.string(),
  to: z.string(),
});

/** What a BIP-329 file would change, shown before anything changes. */
export const LabelImportPreview = z.object({
  importId: z.string(),
  add: z.array(LabelChangeView),
  /** Labels that differ from the user's own: replaced only when the user says so. */
  replace: z.array(LabelChangeView),
  unchanged: z.number().int().min(0),
  /** Refs this account does not know: a transaction not in its history, an address not in its book. */
  notFound: z.number().int().min(0),
  /** Lines of a BIP-329 type the app does not keep. */
  otherTypes: z.number().int().min(0),
  /** Lines that could not be read, in sentences (the first 20). */
  problems: z.array(z.string()),
  moreProblems: z.number().int().min(0),
});
export type LabelImportPreview = z.infer<typeof LabelImportPreview>;

/** A labels file read by the window: BIP-329 JSON Lines, at most 2 MB of text. */
export const LABELS_FILE_MAX_CHARS = 2_000_000;

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
    z
      .object({
        filters: HistoryQuery,
        format: ExportFormat.default('csv'),
        /** Fiat value at the time, from each record's own prices. */
        currency: FiatCurrency.default('USD'),
        accounts: ExportAccounts.default('active'),
      })
      .strict(),
    z.object({ exportId: z.string().nullable() }),
  ),
  /**
   * Sets the signed-in user's own label on one record of the active account ('' removes it). Kept in
   * settings.json, never sent to the service.
   */
  'history.setLabel': operation(
    z.object({ rowKey: RowKey, label: UserText(USER_LABEL_MAX) }).strict(),
    z.object({ rowKey: RowKey, label: z.string() }),
  ),
  /**
   * Writes the user's transaction labels (by hash) and address book names of the active account as BIP-329
   * JSON Lines to a file chosen in the save dialog. `saved` is false when the dialog was closed.
   */
  'history.exportLabels': operation(
    z.void(),
    z.object({
      saved: z.boolean(),
      tx: z.number().int().min(0),
      addr: z.number().int().min(0),
      /** Labelled records without a transaction hash, which BIP-329 cannot name. */
      withoutHash: z.number().int().min(0),
    }),
  ),
  /** Reads a BIP-329 file's text and says what importing it would change; changes nothing. */
  'history.previewLabelImport': operation(
    z
      .object({
        text: TextLines().pipe(
          z.string().max(LABELS_FILE_MAX_CHARS, issueId('inputIssues.history.labelsFileTooLarge')),
        ),
      })
      .strict(),
    LabelImportPreview,
  ),
  /** Applies the previewed import; labels that differ are replaced only with `replace`. */
  'history.applyLabelImport': operation(
    z.object({ importId: PlainText().min(1).max(100), replace: z.boolean() }).strict(),
    z.object({ added: z.number().int().min(0), replaced: z.number().int().min(0) }),
  ),
  /** Stops an export and removes its unfinished file. */
  'history.cancelExport': operation(
    z.object({ exportId: PlainText().min(1).max(100) }).strict(),
    z.object({ cancelled: z.boolean() }),
  ),
} as const;

export const historyEvents = {
  'history.export.progress': ExportProgress,
} as const;
