/**
 * Stores that hold account data register here; when the session ends or locks, every one of them is
 * emptied, so nothing of the previous user or account stays in the page.
 */
const resets = new Set<() => void>();

export function registerSessionReset(reset: () => void): void {
  resets.add(reset);
}

export function resetSessionStores(): void {
  for (const reset of resets) reset();
}
