/**
 * settings.json as an earlier version of the app wrote it (only the first sections; later ones have
 * defaults), with `changes` on top: what a previous run or a user's hand edit leaves behind.
 */
export function earlierSettingsFile(changes: Record<string, unknown> = {}): string {
  return JSON.stringify({
    version: 1,
    environment: 'local-sandbox',
    environments: {},
    preferences: { privacyMode: false, idleLockMinutes: 15 },
    activeAccountByUser: {},
    ...changes,
  });
}
