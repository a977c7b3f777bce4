/**
 * A module loaded on first use, its first load's promise kept: a caller that asks on every call (a history
 * export does, per page) would otherwise send each `import()` back to the module loader (its resolve step, and
 * with a loader hook a round trip to it) even for a module it holds. A load that fails is not kept, so the next
 * call tries again.
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
