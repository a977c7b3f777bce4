/** What the idle-lock setting accepts: the same bounds the bridge contract enforces (Preferences). */
export const IDLE_LOCK_RANGE = { min: 1, max: 24 * 60 } as const;

/** The minutes typed, or null when the text is not a whole number within IDLE_LOCK_RANGE. */
export function idleLockMinutesFrom(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= IDLE_LOCK_RANGE.min && minutes <= IDLE_LOCK_RANGE.max ? minutes : null;
}
