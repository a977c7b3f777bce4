import { defaultHistoryFilters } from '../../../src-preload/contract/history';
import type { Handlers } from '../../dispatch';
import type { SettingsStore } from '../../settings/settings-store';
import type { SessionService } from '../session';
import type { HistoryExports } from './export-manager';
import { toHistoryItem } from './history-item';
import { transactionsRequest } from './transactions-request';

type HistoryHandlers = Pick<
  Handlers,
  'history.page' | 'history.getFilters' | 'history.saveFilters' | 'history.startExport' | 'history.cancelExport'
>;

export interface HistoryHandlersDeps {
  readonly session: SessionService;
  readonly settings: SettingsStore;
  readonly exports: HistoryExports;
}

/** The history slice of the bridge: pages of POST /transactions, remembered filters, CSV export. */
export function createHistoryHandlers(deps: HistoryHandlersDeps): HistoryHandlers {
  const { session, settings } = deps;
  return {
    'history.page': async ({ page, recordsPerPage, ...query }) => {
      const result = await session.interfaceA().getTransactions(transactionsRequest(query, page, recordsPerPage));
      return {
        totalRecords: result.totalRecords,
        totalPages: result.totalPages,
        page: result.page,
        recordsPerPage: result.recordsPerPage,
        items: result.items.map(toHistoryItem),
      };
    },
    'history.getFilters': () => {
      const { guid } = session.activeAccount();
      return settings.get().history[guid] ?? defaultHistoryFilters();
    },
    'history.saveFilters': async (filters) => {
      const { guid } = session.activeAccount();
      const next = await settings.update((current) => ({
        ...current,
        history: { ...current.history, [guid]: filters },
      }));
      return next.history[guid] ?? filters;
    },
    'history.startExport': async ({ filters }) => ({ exportId: await deps.exports.start(filters) }),
    'history.cancelExport': ({ exportId }) => ({ cancelled: deps.exports.cancel(exportId) }),
  };
}
