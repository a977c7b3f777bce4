import type { BridgeError } from '../../../src-preload/result';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import type { Intent, IntentLedger } from './at-most-once';
import type { createDepartureGuard } from './departure-guard';
import type { IntentNotes } from './intent-notes';

/**
 * What a look-up of a refused intent's reference found in the service's history before sending it again
 * (security.md 39): nothing, the move itself (it went through), or a trace that is not the completed move
 * (a pending or failed row, rows that cannot be told apart), in words.
 */
export type RefusedTrace<Outcome> =
  | { readonly kind: 'none' }
  | { readonly kind: 'moved'; readonly outcome: Outcome }
  | { readonly kind: 'seen'; readonly note: BridgeError };

export type RefusedLookUp<Body, Outcome> = (intent: Intent<Body, Outcome>) => Promise<RefusedTrace<Outcome>>;

function tracedNotSent(): BridgeError {
  return { code: 'outcome_unknown', message: t('mainMoney.tracedNotSent') };
}

/** What a look-up refused; nothing is sent again and the intent stays refused. */
function lookUpFailed(cause: unknown): AppError {
  return new AppError('service_error', t('mainMoney.lookUpFailed'), { cause });
}

/**
 * The check before a refused intent is sent again: it is sent only when its look-up found nothing
 * (security.md 39). The returned function gives the outcome when the move was found, throws when the intent
 * cannot be sent now, and gives null when it may be sent.
 */
export function createResendLookUp<Body, Outcome>(parts: {
  readonly ledger: IntentLedger<Body, Outcome>;
  readonly departures: ReturnType<typeof createDepartureGuard>;
  readonly notes: IntentNotes;
}): (intentId: string, lookUp: RefusedLookUp<Body, Outcome>) => Promise<Outcome | null> {
  const { ledger, departures, notes } = parts;
  /** Refused intents whose look-up is on its way: a second send of the same one waits for none. */
  const lookingUp = new Set<string>();

  return async (intentId, lookUp) => {
    if (lookingUp.has(intentId)) {
      throw new AppError('in_flight', t('mainMoney.alreadyChecking'));
    }
    lookingUp.add(intentId);
    let found: RefusedTrace<Outcome>;
    try {
      found = await lookUp(ledger.get(intentId));
    } catch (cause) {
      throw lookUpFailed(cause);
    } finally {
      lookingUp.delete(intentId);
    }
    switch (found.kind) {
      case 'none':
        return null;
      case 'moved': {
        const settled = await ledger.traced(intentId, found.outcome, tracedNotSent());
        departures.forget(intentId);
        notes.reasons.delete(intentId);
        if (settled.state === 'succeeded' && settled.outcome !== null) return settled.outcome;
        return null;
      }
      case 'seen': {
        const unknown = await ledger.traced(intentId, null, found.note);
        if (unknown.state === 'unknown') {
          notes.reasons.set(intentId, found.note);
          throw new AppError('outcome_unknown', found.note.message);
        }
        return null;
      }
    }
  };
}
