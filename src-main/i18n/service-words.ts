import { roleWordsWith } from '../../resources/locales/service-words';
import { t } from './main-text';

/** An account's role in main's language; one the app does not know is shown as the service wrote it. */
export function roleWords(role: string): string {
  return roleWordsWith(t, role);
}
