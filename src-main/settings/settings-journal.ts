import type { IntentJournal } from '../features/money/intent-journal';
import { AppError } from '../app-error';
import type { Logger } from '../logging/logger';
import type { SettingsStore } from './settings-store';
import type { UnresolvedRecordOf, UnresolvedSection } from './unresolved-intents';

/**
 * One feature's share of settings.json as its ledger's journal. A failed write is logged and thrown: the
 * ledger refuses to send a request it could not write down first.
 */
export function settingsJournal<S extends UnresolvedSection>(
  settings: SettingsStore,
  section: S,
  logger: Logger,
): IntentJournal<UnresolvedRecordOf<S>['body'], UnresolvedRecordOf<S>['review']> {
  return {
    restored: settings.get().unresolvedIntents[section],
    async save(records) {
      if (!settings.writable) {
        // Settings then live in memory only: a "saved" journal would be lost with the run, and with it
        // the only record of a payment that may have gone through.
        throw new AppError(
          'storage_failed',
          `Wallet Desk writes every payment down before sending it, and it cannot write to its settings file now, so nothing was sent. ${settings.problem ?? ''} Fix or move the file, then restart Wallet Desk.`,
        );
      }
      try {
        await settings.update((current) => ({
          ...current,
          unresolvedIntents: { ...current.unresolvedIntents, [section]: records },
        }));
      } catch (error) {
        logger.warn('could not save unresolved money requests', {
          section,
          error: error instanceof Error ? error.name : 'unknown',
        });
        throw error;
      }
    },
  };
}
