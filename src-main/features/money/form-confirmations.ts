import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';

/** How many forms' confirmations are remembered; the oldest settled ones go first. */
const KEEP = 200;

interface FormEntry<Review> {
  readonly content: string;
  readonly promise: Promise<Review>;
}

/**
 * One form, one intent (security.md 38), for a money move that has no precheck or quote to key its
 * confirmation: each form carries its own id, and a confirmation of a form already confirmed, or being
 * confirmed, by the same user returns what the first made instead of a second intent. The same form with
 * other content is refused: the user reviewed the first. A confirmation that failed leaves no trace, so the
 * form can be corrected and confirmed again.
 */
export function createFormConfirmations<Review>() {
  const entries = new Map<string, FormEntry<Review>>();

  return {
    async confirm(userGuid: string, formId: string, content: string, make: () => Promise<Review>): Promise<Review> {
      const key = JSON.stringify([userGuid, formId]);
      const known = entries.get(key);
      if (known) {
        if (known.content !== content) {
          throw new AppError('stale_precheck', t('mainMoney.formConfirmedOther'));
        }
        return known.promise;
      }
      const promise = make();
      const entry: FormEntry<Review> = { content, promise };
      entries.set(key, entry);
      try {
        const made = await promise;
        forgetOld();
        return made;
      } catch (error) {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      }
    },

    /** A lock, a sign-out or an account change ends every form: the window starts new ones. */
    clear(): void {
      entries.clear();
    },
  };

  function forgetOld(): void {
    for (const key of entries.keys()) {
      if (entries.size <= KEEP) break;
      entries.delete(key);
    }
  }
}
