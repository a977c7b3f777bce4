import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
import type { MessageId } from '../../resources/locales/catalogues';

/** What a failed write was saving, each with its own whole sentence. */
export type SavedThing =
  | 'preferences'
  | 'history-filters'
  | 'history-label'
  | 'address-book'
  | 'merchant-settings'
  | 'sign-in-environment'
  | 'notification-choice';

const COULD_NOT_SAVE: Record<SavedThing, MessageId> = {
  preferences: 'mainApp.save.preferences',
  'history-filters': 'mainApp.save.historyFilters',
  'history-label': 'mainApp.save.historyLabel',
  'address-book': 'mainApp.save.addressBook',
  'merchant-settings': 'mainApp.save.merchantSettings',
  'sign-in-environment': 'mainApp.save.signInEnvironment',
  'notification-choice': 'mainApp.save.notificationChoice',
};

/** Why, from the operating system's error code: what the user can do about it, never the code alone. */
function reasonFor(code: string | undefined): MessageId {
  switch (code) {
    case 'ENOSPC':
      return 'mainApp.save.diskFull';
    case 'EDQUOT':
      return 'mainApp.save.quota';
    case 'EROFS':
      return 'mainApp.save.readOnly';
    case 'EACCES':
    case 'EPERM':
      return 'mainApp.save.notAllowed';
    case 'EIO':
      return 'mainApp.save.diskError';
    case 'EMFILE':
    case 'ENFILE':
      return 'mainApp.save.tooManyFiles';
    case 'ENOENT':
    case 'ENOTDIR':
    case 'EISDIR':
      return 'mainApp.save.folderMissing';
    case 'EBUSY':
    case 'ETXTBSY':
      return 'mainApp.save.busy';
    case undefined:
    default:
      return 'mainApp.save.refused';
  }
}

function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/**
 * Runs a settings write and, when the file system refuses it, says in words what could not be saved and
 * why (storage_failed) instead of "Something went wrong". Anything else is rethrown as it is.
 */
export async function savingSettings<T>(thing: SavedThing, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = errnoCode(error);
    if (code === undefined) throw error;
    throw new AppError('storage_failed', `${t(COULD_NOT_SAVE[thing])} ${t(reasonFor(code))}`, { cause: error });
  }
}
