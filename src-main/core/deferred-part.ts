import type { OperationName } from '../../src-preload/contract';
import type { Handlers } from '../dispatch';

/**
 * A part of the core built on its first use: its modules (code and zod schemas) are imported, compiled and
 * evaluated then, not while the app starts. Concurrent first uses share one build; a build that failed is
 * tried again at the next use, as the user's next attempt would.
 */
export interface DeferredPart<T> {
  get(): Promise<T>;
  /** The part if a build was started, once it has settled; undefined when nothing asked for it. */
  ifStarted(): Promise<T | undefined>;
}

export function deferredPart<T>(build: () => Promise<T>): DeferredPart<T> {
  let pending: Promise<T> | null = null;
  return {
    get() {
      pending ??= build().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
    async ifStarted() {
      if (pending === null) return undefined;
      return pending.catch(() => undefined);
    },
  };
}

type AnyHandler = (input: unknown) => unknown;

/**
 * The handlers of a deferred part under their operation names, known before it is built: each builds the
 * part and calls its handler. The dispatcher has parsed the input against the contract before, so a bad
 * input is refused the same way whether the part is built or not.
 */
export function deferredHandlers<K extends OperationName>(
  names: readonly K[],
  handlersOf: () => Promise<Pick<Handlers, K>>,
): Pick<Handlers, K> {
  const deferred: Partial<Record<K, AnyHandler>> = {};
  for (const name of names) {
    deferred[name] = async (input) => {
      const handler = (await handlersOf())[name] as AnyHandler;
      return handler(input);
    };
  }
  return deferred as unknown as Pick<Handlers, K>;
}
