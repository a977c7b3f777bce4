import type { Intent } from './at-most-once';
import { requireAcknowledged } from './unresolved-guard';

/**
 * The acknowledgements each intent was given (at confirmation, or with the warning shown when it was about
 * to leave), kept in main as the one record of what the user agreed to go past (security.md 27). A check at
 * confirmation alone is not enough: an intent confirmed while nothing was unsettled can leave after another
 * one was lost, and the user never saw that one named. So the guard is checked again as the request leaves.
 * Not journaled: a restored intent is unknown and never leaves again.
 */
export function createDepartureGuard() {
  const byIntent = new Map<string, Set<string>>();
  return {
    /**
     * Adds what the user acknowledged for this intent; earlier acknowledgements stay. Only ids of intents
     * unsettled now count: the user can have been warned about nothing else, and an id acknowledged before
     * its intent became unsettled must not let it pass unseen later.
     */
    acknowledge(
      intentId: string,
      acknowledgedIds: readonly string[] | undefined,
      unsettledNow: readonly { readonly id: string }[],
    ): void {
      const shown = new Set(unsettledNow.map((intent) => intent.id));
      const known = byIntent.get(intentId) ?? new Set<string>();
      for (const id of acknowledgedIds ?? []) if (shown.has(id)) known.add(id);
      byIntent.set(intentId, known);
    },
    /**
     * Synchronous on purpose: called right before the ledger submits, in the same turn, so no other intent
     * can become unsettled between the check and the request leaving. Every unsettled intent other than
     * this one must have been acknowledged for it; otherwise unresolved_intent names them all.
     */
    requireAtDeparture<Body, Outcome>(
      intentId: string,
      unsettled: readonly Intent<Body, Outcome>[],
      describe: (intent: Intent<Body, Outcome>) => string,
    ): void {
      const others = unsettled.filter((intent) => intent.id !== intentId);
      requireAcknowledged(others, [...(byIntent.get(intentId) ?? [])], describe);
    },
    forget(intentId: string): void {
      byIntent.delete(intentId);
    },
  };
}
export type DepartureGuard = ReturnType<typeof createDepartureGuard>;
