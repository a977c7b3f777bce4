import { MAX_USER_LABELS } from '../../../src-preload/contract/history';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { SettingsStore } from '../../settings/settings-store';
import { savingSettings } from '../../settings/storage-failure';

/**
 * Reading and writing the user's own history labels (settings.json `historyLabels`, whose schema is in
 * history-labels.ts: settings-schema.ts needs the schema, and must not reach the store through it).
 */

export type LabelsOfAccount = Readonly<Record<string, string>>;

export function labelsOf(settings: SettingsStore, userGuid: string, accountGuid: string): LabelsOfAccount {
  return settings.get().historyLabels[userGuid]?.[accountGuid] ?? {};
}

/** Sets (or with '' removes) one label; the text has passed UserText in the bridge's argument parse. */
export async function saveLabel(
  settings: SettingsStore,
  owner: { readonly userGuid: string; readonly accountGuid: string },
  rowKey: string,
  label: string,
): Promise<string> {
  const next = await savingSettings('history-label', () =>
    settings.update((current) => {
      const users = current.historyLabels;
      const accounts = users[owner.userGuid] ?? {};
      const labels = { ...(accounts[owner.accountGuid] ?? {}) };
      if (label === '') {
        delete labels[rowKey];
      } else {
        if (!(rowKey in labels) && Object.keys(labels).length >= MAX_USER_LABELS) {
          throw new AppError('bad_input', t('mainHistory.labels.tooMany', { max: MAX_USER_LABELS }), {
            field: 'label',
          });
        }
        labels[rowKey] = label;
      }
      return {
        ...current,
        historyLabels: { ...users, [owner.userGuid]: { ...accounts, [owner.accountGuid]: labels } },
      };
    }),
  );
  return next.historyLabels[owner.userGuid]?.[owner.accountGuid]?.[rowKey] ?? '';
}
