export { createHistoryHandlers, type HistoryHandlersDeps } from './history-handlers';
export {
  createHistoryExports,
  defaultExportName,
  type HistoryExports,
  type HistoryExportsDeps,
} from './export-manager';
export { exportHistoryCsv, EXPORT_PAGE_SIZE, type ExportHistoryOptions, type ExportResult } from './export-history';
export { CSV_COLUMNS, csvColumnTitles, csvLine, csvHeader } from './csv';
export { defaultRetryPolicy, fetchWithRetry, type RetryPolicy } from './fetch-with-retry';
export { defaultHistorySettings, HistorySettings } from './history-settings';
export { HistoryLabels, defaultHistoryLabels } from './history-labels';
export { labelsOf } from './history-label-store';
export { rowKeyOf } from './row-key';
export { createRangedHistory, type RangedHistory } from './ranged-history';
export { toHistoryItem } from './history-item';
export { explorerUrlFor } from './explorer';
export { createLabelTransfer, type LabelTransfer } from './label-transfer';
