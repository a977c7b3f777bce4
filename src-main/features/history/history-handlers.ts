import { defaultHistoryFilters, type HistoryItem } from '../../../src-preload/contract/history';
import type { Handlers } from '../../dispatch';
import type { TransactionItem } from '../../service/interface-a-schemas';
import type { SettingsStore } from '../../settings/settings-store';
import { onOwnerChange, type SessionService } from '../session';
import { dateRangeOf } from './date-range';
import type { HistoryExports } from './export-manager';
import type { LabelTransfer } from './label-transfer';
import { labelsOf, saveLabel } from './history-label-store';
import { toHistoryItem } from './history-item';
import { createRangedHistory, type RangedHistory } from './ranged-history';
import { rowKeyOf } from './row-key';
import { transactionsRequest } from './transactions-request';
import { savingSettings } from '../../settings/storage-failure';

type HistoryHandlers = Pick<
  Handlers,
  | 'history.page'
  | 'history.getFilters'
  | 'history.saveFilters'
  | 'history.setLabel'
  | 'history.startExport'
  | 'history.cancelExport'
  | 'history.exportLabels'
  | 'history.previewLabelImport'
  | 'history.applyLabelImport'
>;

export interface HistoryHandlersDeps {
  readonly session: SessionService;
  readonly settings: SettingsStore;
  readonly exports: HistoryExports;
  readonly labelTransfer: LabelTransfer;
  /** Date-ranged pages (the service has no date filter); made here when not given. */
  readonly ranged?: RangedHistory;
}

/** The history slice of the bridge: pages of POST /transactions, remembered filters, labels, export. */
export function createHistoryHandlers(deps: HistoryHandlersDeps): HistoryHandlers {
  const { session, settings } = deps;
  const ranged =
    deps.ranged ?? createRangedHistory({ fetchPage: (request) => session.interfaceA().getTransactions(request) });
  // Records of one user's account never answer another's page request, nor one made after a lock.
  onOwnerChange(session, () => ranged.clear());

  function owner(): { readonly userGuid: string; readonly accountGuid: string } {
    return { userGuid: session.activeUser().userGuid, accountGuid: session.activeAccount().guid };
  }

  function withLabels(items: readonly TransactionItem[]): HistoryItem[] {
    const { userGuid, accountGuid } = owner();
    const labels = labelsOf(settings, userGuid, accountGuid);
    return items.map((item) => {
      const rowKey = rowKeyOf(item);
      return toHistoryItem(item, rowKey, labels[rowKey] ?? '');
    });
  }

  return {
    'history.page': async ({ page, recordsPerPage, ...query }) => {
      if (dateRangeOf(query)) {
        const { userGuid, accountGuid } = owner();
        const result = await ranged.page(`${userGuid}/${accountGuid}`, query, page, recordsPerPage);
        return { ...result, items: withLabels(result.items) };
      }
      const result = await session.interfaceA().getTransactions(transactionsRequest(query, page, recordsPerPage));
      return {
        totalRecords: result.totalRecords,
        totalPages: result.totalPages,
        page: result.page,
        recordsPerPage: result.recordsPerPage,
        items: withLabels(result.items),
      };
    },
    'history.getFilters': () => {
      const { guid } = session.activeAccount();
      return settings.get().history[guid] ?? defaultHistoryFilters();
    },
    'history.saveFilters': async (filters) => {
      const { guid } = session.activeAccount();
      const next = await savingSettings('history-filters', () =>
        settings.update((current) => ({
          ...current,
          history: { ...current.history, [guid]: filters },
        })),
      );
      return next.history[guid] ?? filters;
    },
    'history.setLabel': async ({ rowKey, label }) => ({
      rowKey,
      label: await saveLabel(settings, owner(), rowKey, label),
    }),
    'history.startExport': async (request) => ({ exportId: await deps.exports.start(request) }),
    'history.cancelExport': ({ exportId }) => ({ cancelled: deps.exports.cancel(exportId) }),
    'history.exportLabels': () => deps.labelTransfer.exportLabels(),
    'history.previewLabelImport': ({ text }) => deps.labelTransfer.preview(text),
    'history.applyLabelImport': ({ importId, replace }) => deps.labelTransfer.apply(importId, replace),
  };
}
