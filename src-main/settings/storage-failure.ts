import { AppError } from '../app-error';

/** What a failed write was saving, each with its own whole sentence (text moves to catalogues later). */
export type SavedThing =
  | 'preferences'
  | 'history-filters'
  | 'history-label'
  | 'address-book'
  | 'merchant-settings'
  | 'sign-in-environment'
  | 'notification-choice';

const COULD_NOT_SAVE: Record<SavedThing, string> = {
  preferences: 'Wallet Desk could not save your preferences.',
  'history-filters': 'Wallet Desk could not save your history filters.',
  'history-label': 'Wallet Desk could not save your label.',
  'address-book': 'Wallet Desk could not save your address book.',
  'merchant-settings': 'Wallet Desk could not save your merchant settings.',
  'sign-in-environment': 'Wallet Desk could not save the sign-in environment.',
  'notification-choice': 'Wallet Desk could not save your notification choice.',
};

/** Why, from the operating system's error code: what the user can do about it, never the code alone. */
function reasonFor(code: string | undefined): string {
  switch (code) {
    case 'ENOSPC':
      return 'The disk is full. Free some space and try again.';
    case 'EDQUOT':
      return 'Your disk quota is used up. Free some space and try again.';
    case 'EROFS':
      return 'The disk it saves to is read-only.';
    case 'EACCES':
    case 'EPERM':
      return "Wallet Desk is not allowed to write to its settings folder. Check the folder's permissions.";
    case 'EIO':
      return 'The disk reported an error while writing.';
    case 'EMFILE':
    case 'ENFILE':
      return 'Too many files are open on this computer. Close some programs and try again.';
    case 'ENOENT':
    case 'ENOTDIR':
    case 'EISDIR':
      return "Wallet Desk's settings folder is missing or is not a folder.";
    case 'EBUSY':
    case 'ETXTBSY':
      return 'Another program is using the settings file. Try again in a moment.';
    case undefined:
    default:
      return 'The computer refused to write the settings file.';
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
    throw new AppError('storage_failed', `${COULD_NOT_SAVE[thing]} ${reasonFor(code)}`, { cause: error });
  }
}
