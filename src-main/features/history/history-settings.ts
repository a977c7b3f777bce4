import { z } from 'zod';
import { defaultHistoryFilters, HistoryFilters } from '../../../src-preload/contract/history';

/**
 * settings.json `history`: remembered filters per account GUID. Absent in older files. An account's
 * filters that break the user-text rule (saved before it covered the search, security.md 34) are
 * forgotten, not the whole file.
 */
export const HistorySettings = z.record(
  z.string(),
  HistoryFilters.catch(() => defaultHistoryFilters()),
);
export type HistorySettings = z.infer<typeof HistorySettings>;
export const defaultHistorySettings = (): HistorySettings => ({});
