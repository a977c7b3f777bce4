import type { AppCoreDeps } from './app-core-deps';
import type { Handlers } from '../dispatch';
import {
  createHistoryExports,
  createHistoryHandlers,
  createLabelTransfer,
  labelsOf,
  rowKeyOf,
} from '../features/history';
import type { SessionService } from '../features/session';
import type { HistoryOperation } from './part-operations';

export interface HistoryPart {
  readonly handlers: Pick<Handlers, HistoryOperation>;
  dispose(): Promise<void>;
}

/** History pages, filters, labels and exports: built when the window first opens History. */
export function createHistoryPart(deps: AppCoreDeps, session: SessionService): HistoryPart {
  const { settings } = deps;
  const exports = createHistoryExports({
    session,
    logger: deps.logger,
    publish: (progress) => deps.emit('history.export.progress', progress),
    chooseSaveFile: deps.chooseSaveFile,
    userLabels: (userGuid, accountGuid) => {
      const labels = labelsOf(settings, userGuid, accountGuid);
      return (item) => labels[rowKeyOf(item)] ?? '';
    },
  });
  return {
    handlers: createHistoryHandlers({
      session,
      settings,
      exports,
      labelTransfer: createLabelTransfer({
        session,
        settings,
        logger: deps.logger,
        chooseSaveFile: deps.chooseSaveFile,
      }),
    }),
    dispose: () => exports.dispose(),
  };
}
