import { create, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * Stores that hold account data are made by createSessionStore, zustand's documented way of resetting many
 * stores at once (its guide "How to reset state": a create that keeps a reset for each store it makes). When
 * the session ends, locks or changes account, resetSessionStores puts every one of them back to its initial
 * state, so nothing of the previous user or account stays in the page; a store cannot be left out by
 * forgetting to register it. App-wide stores (preferences, the session itself, navigation, environments,
 * updates) use zustand's create.
 */
const resets = new Set<() => void>();

/**
 * Drops answers that arrive late: a request takes a ticket as it leaves, and its answer is used only while
 * the ticket is still current. A session reset moves it on; a store moves it on when its input changes.
 */
export interface Generation {
  /** The ticket a request takes as it leaves. */
  current(): number;
  /** Makes every earlier ticket stale and returns the new one. */
  next(): number;
  /** True while nothing moved the generation on since `ticket` was taken. */
  isCurrent(ticket: number): boolean;
}

export function createGeneration(): Generation {
  let generation = 0;
  return {
    current: () => generation,
    next: () => (generation += 1),
    isCurrent: (ticket) => ticket === generation,
  };
}

type SessionStateCreator<T> = (
  set: StoreApi<T>['setState'],
  get: StoreApi<T>['getState'],
  store: StoreApi<T>,
  generation: Generation,
) => T;

export interface SessionStoreOptions<T> {
  /** Values that must be new at every reset rather than the initial ones (a fresh form id). */
  readonly fresh?: () => Partial<T>;
  /** Runs after the reset: what must be read again at once for the new session. */
  readonly afterReset?: () => void;
}

/** A zustand store (as `create<T>()(creator)`) that resetSessionStores puts back to its initial state. */
export function createSessionStore<T>(
  creator: SessionStateCreator<T>,
  options: SessionStoreOptions<T> = {},
): UseBoundStore<StoreApi<T>> {
  const generation = createGeneration();
  const store = create<T>()((set, get, api) => creator(set, get, api, generation));
  resets.add(() => {
    generation.next();
    store.setState({ ...store.getInitialState(), ...options.fresh?.() }, true);
    options.afterReset?.();
  });
  return store;
}

export function resetSessionStores(): void {
  for (const reset of resets) reset();
}
