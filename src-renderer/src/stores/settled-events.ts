import type { SettledMove } from '../../../src-preload/contract/settle';

type SettledHandler = (intentIds: string[]) => Promise<void>;
const handlers = new Map<SettledMove['kind'], SettledHandler>();

/**
 * A money store's answer to moves of its kind that a settle round settled. Stores register as they load;
 * the app-wide settle round (hooks/use-settle-round.ts) hands main's money.settled event to them.
 */
export function onSettled(kind: SettledMove['kind'], handler: SettledHandler): void {
  handlers.set(kind, handler);
}

/** Hands each store the intents of its kind that were settled. */
export function announceSettled(settled: readonly SettledMove[]): void {
  for (const [kind, handler] of handlers) {
    const intentIds = settled.filter((move) => move.kind === kind).map((move) => move.intentId);
    if (intentIds.length > 0) void handler(intentIds);
  }
}
