import { z } from 'zod';
import { HistoryFilters } from '../../../src-preload/contract/history';

/** settings.json `history`: remembered filters per account GUID. Absent in older files. */
export const HistorySettings = z.record(z.string(), HistoryFilters);
export type HistorySettings = z.infer<typeof HistorySettings>;
export const defaultHistorySettings = (): HistorySettings => ({});
