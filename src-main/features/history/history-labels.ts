import { z } from 'zod';
import { RowKey, USER_LABEL_MAX } from '../../../src-preload/contract/history';
import { UserText } from '../../../src-preload/contract/text';

/**
 * settings.json `historyLabels`: user GUID → account GUID → row key → the user's own label. Labels belong to
 * the person who wrote them in the account they wrote them in, so a shared desk never shows one user's notes
 * to another. Absent in older files.
 */
export const HistoryLabels = z.record(
  z.string(),
  z.record(z.string(), z.record(RowKey, UserText(USER_LABEL_MAX).pipe(z.string().min(1)))),
);
export type HistoryLabels = z.infer<typeof HistoryLabels>;
export const defaultHistoryLabels = (): HistoryLabels => ({});
