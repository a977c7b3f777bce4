/**
 * When an intent was confirmed, in words a person can match against their own memory and the
 * service's history (UTC, to the minute), for warnings that name a possibly completed move
 * (security.md 27). Intents restored from an older journal may not know it.
 */
export function confirmedAtText(confirmedAtMs: number | undefined): string {
  if (confirmedAtMs === undefined) return 'at an earlier time';
  const iso = new Date(confirmedAtMs).toISOString();
  return `on ${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
}
