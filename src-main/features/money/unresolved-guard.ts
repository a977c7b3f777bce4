import { AppError } from '../../app-error';
import type { Intent } from './at-most-once';
import { t } from '../../i18n/main-text';

/**
 * A new money move while an earlier one's outcome is unknown may pay twice (security.md 27): the user may
 * start it only after being told which earlier move may already have gone through, and saying so. The
 * feature passes the unknown intents the new one could repeat (same account), how to name each in words,
 * and the ids the user acknowledged; any unacknowledged one refuses the confirmation, naming them all.
 */
export function requireAcknowledged<Body, Outcome>(
  unknown: readonly Intent<Body, Outcome>[],
  acknowledgedIds: readonly string[] | undefined,
  describe: (intent: Intent<Body, Outcome>) => string,
): void {
  const acknowledged = new Set(acknowledgedIds ?? []);
  const open = unknown.filter((intent) => !acknowledged.has(intent.id));
  if (open.length === 0) return;
  // Named oldest first, a few of them: a thousand in one sentence would be read by nobody (security.md 36).
  const named = open.slice(0, NAMED_IN_WORDS).map(describe).join('; ');
  const more = Math.max(0, open.length - NAMED_IN_WORDS);
  throw new AppError('unresolved_intent', t('mainMoney.unresolvedRefusal', { count: open.length, named, more }));
}

/** How many unacknowledged moves a refusal names in words; the list on screen shows them all. */
export const NAMED_IN_WORDS = 5;
