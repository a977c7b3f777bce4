import { z } from 'zod';
import { MAX_USER_LABELS, RowKey, USER_LABEL_MAX } from '../../../src-preload/contract/history';
import { UserText } from '../../../src-preload/contract/text';
import { AppError } from '../../app-error';
import type { SettingsStore } from '../../settings/settings-store';

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
  const next = await settings.update((current) => {
    const users = current.historyLabels;
    const accounts = users[owner.userGuid] ?? {};
    const labels = { ...(accounts[owner.accountGuid] ?? {}) };
    if (label === '') {
      delete labels[rowKey];
    } else {
      if (!(rowKey in labels) && Object.keys(labels).length >= MAX_USER_LABELS) {
        throw new AppError(
          'bad_input',
          `You already have ${MAX_USER_LABELS} labels in this account. Remove some before adding more.`,
          { field: 'label' },
        );
      }
      labels[rowKey] = label;
    }
    return {
      ...current,
      historyLabels: { ...users, [owner.userGuid]: { ...accounts, [owner.accountGuid]: labels } },
    };
  });
  return next.historyLabels[owner.userGuid]?.[owner.accountGuid]?.[rowKey] ?? '';
}
