import { roleWordsWith, statusWordsWith } from '../../../resources/locales/service-words';
import { t } from './text';

/** An account's role in the window's language; one the app does not know is shown as the service wrote it. */
export function roleWords(role: string): string {
  return roleWordsWith(t, role);
}

/** A transaction status in the window's language; one the app does not know is shown as the service sent it. */
export function statusWords(status: string): string {
  return statusWordsWith(t, status);
}
