import type { BridgeError } from '../../../src-preload/result';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import type { Intent, IntentClosure, IntentLedger } from './at-most-once';
import { createDepartureGuard } from './departure-guard';
import { journaledLedger, type IntentJournal, type ReviewBook } from './intent-journal';
import { intentStatusView, type IntentStatusView } from './intent-views';
import { requireAcknowledged } from './unresolved-guard';

/**
 * Whose unsettled intents a request must be warned about, and how each is named to that user: the user's
 * accounts for a send or swap, the intents of the same merchant keys for a withdrawal (security.md 27, 30).
 */
export interface IntentAudience<Body, Outcome> {
  includes(intent: Intent<Body, Outcome>): boolean;
  describe(intent: Intent<Body, Outcome>): string;
}

export interface IntentMachineOptions<Body, Review, Outcome = unknown> {
  /** Where intents whose request may have reached the service outlive the app (the money journal). */
  readonly journal?: IntentJournal<Body, Review> | undefined;
  /** What the user was shown for each intent, journaled beside its body. */
  readonly reviews: ReviewBook<Review>;
  /** When the user confirmed the intent, to name it in warnings; undefined or null for an older one. */
  readonly confirmedAtMs: (body: Body) => number | null | undefined;
  /**
   * A look-up found a move a person had closed as "did not go through": it went through, and a replacement
   * may have paid twice. Called at once, just before the ledger settles it (security.md 36).
   */
  readonly onFoundAfterClose?: ((intent: Intent<Body, Outcome>) => void) | undefined;
}

/**
 * What a look-up of a refused intent's reference found in the service's history before sending it again
 * (security.md 39): nothing, the move itself (it went through), or a trace that is not the completed move
 * (a pending or failed row, rows that cannot be told apart), in words.
 */
export type RefusedTrace<Outcome> =
  | { readonly kind: 'none' }
  | { readonly kind: 'moved'; readonly outcome: Outcome }
  | { readonly kind: 'seen'; readonly note: BridgeError };

function tracedNotSent(): BridgeError {
  return { code: 'outcome_unknown', message: t('mainMoney.tracedNotSent') };
}

/** What a look-up refused; nothing is sent again and the intent stays refused. */
function lookUpFailed(cause: unknown): AppError {
  return new AppError('service_error', t('mainMoney.lookUpFailed'), { cause });
}

/** What the renderer sees of an intent (IntentStatus in contract/money.ts). */
export interface IntentStatus<Outcome> extends IntentStatusView<Outcome> {
  readonly confirmedAt: string | null;
  /** Set while an unknown intent is known to wait for the user's approval by e-mail (Z509, docs/z-codes.md). */
  readonly awaiting?: 'email-approval';
}

/**
 * The one state machine of a money move — send, swap or merchant withdrawal — around the at-most-once
 * ledger (at-most-once.ts), generic over what the move carries. A feature supplies its body, how to send it,
 * how to look it up and who may see it; this module alone decides:
 *
 * - confirm: the user's acknowledgement of every unsettled intent in their audience is required, then the
 *   body is frozen under its reference id and that acknowledgement is remembered for it;
 * - submit: only a confirmed or refused intent leaves, and only once every other unsettled intent of the
 *   audience has been acknowledged for it, checked in the same turn as the ledger marks it in flight
 *   (security.md 24, 27); a stored success is returned, unknown and in-flight ones are refused;
 * - sending again: only a refused intent, under the same reference id and body (security.md 29), and only
 *   after the feature's look-up found no trace of its reference (security.md 39): the move found settles
 *   it as moved, another trace makes it unknown, a look-up that fails sends nothing;
 * - reconcile: a look-up settles only when it found the move; otherwise the outcome stays unknown, with the
 *   look-up's words kept as the reason (security.md 27, 28);
 * - close: a person may close unknown moves of their audience as "did not go through" (security.md 36);
 *   closed ones are not unsettled, so no new move needs them acknowledged, and one a look-up finds later
 *   settles as moved and raises onFoundAfterClose.
 */
export function createIntentMachine<Body, Outcome, Review>(options: IntentMachineOptions<Body, Review, Outcome>) {
  /**
   * Unknown intents the service said wait for approval by e-mail. The ledger keeps them unknown, never
   * sendable again, until a look-up finds them (security.md 28); the mark is journaled beside each, so the
   * state is still shown after a restart.
   */
  const awaitingApproval = new Set<string>();
  const ledger: IntentLedger<Body, Outcome> = journaledLedger<Body, Outcome, Review>(
    options.journal,
    options.reviews,
    awaitingApproval,
  );
  const departures = createDepartureGuard();
  /** Why an unknown intent is still unknown, in the words of the answer or look-up that left it so. */
  const notes = new Map<string, BridgeError>();

  function unsettled(audience: IntentAudience<Body, Outcome>): Intent<Body, Outcome>[] {
    return ledger.unsettled().filter((intent) => audience.includes(intent));
  }

  function sendable(intent: Intent<Body, Outcome>): boolean {
    return intent.state === 'confirmed' || intent.state === 'refused';
  }

  function requireAllAcknowledged(
    audience: IntentAudience<Body, Outcome>,
    acknowledged: readonly string[] | undefined,
  ): void {
    requireAcknowledged(unsettled(audience), acknowledged, (intent) => audience.describe(intent));
  }

  /** Refused intents whose look-up is on its way: a second send of the same one waits for none. */
  const lookingUp = new Set<string>();

  /**
   * A refused intent is sent again only when its look-up found nothing (security.md 39). Returns the
   * outcome when the move was found; throws when it cannot be sent now; null when it may be sent.
   */
  async function lookUpBeforeResend(
    intentId: string,
    lookUp: (intent: Intent<Body, Outcome>) => Promise<RefusedTrace<Outcome>>,
  ): Promise<Outcome | null> {
    if (lookingUp.has(intentId)) {
      throw new AppError('in_flight', t('mainMoney.alreadyChecking'));
    }
    lookingUp.add(intentId);
    let trace: RefusedTrace<Outcome>;
    try {
      trace = await lookUp(ledger.get(intentId));
    } catch (cause) {
      throw lookUpFailed(cause);
    } finally {
      lookingUp.delete(intentId);
    }
    switch (trace.kind) {
      case 'none':
        return null;
      case 'moved': {
        const settled = await ledger.traced(intentId, trace.outcome, tracedNotSent());
        departures.forget(intentId);
        notes.delete(intentId);
        if (settled.state === 'succeeded' && settled.outcome !== null) return settled.outcome;
        return null;
      }
      case 'seen': {
        const unknown = await ledger.traced(intentId, null, trace.note);
        if (unknown.state === 'unknown') {
          notes.set(intentId, trace.note);
          throw new AppError('outcome_unknown', trace.note.message);
        }
        return null;
      }
    }
  }

  return {
    get: (intentId: string): Intent<Body, Outcome> => ledger.get(intentId),
    knows: (referenceId: string): boolean => ledger.knows(referenceId),
    /** Unknown and in-flight intents of this audience, oldest first: either may have moved money. */
    unsettled,

    /**
     * Refuses (unresolved_intent, naming them) while an unsettled intent of the audience is not among the
     * acknowledged ids. Features call it before their own slow checks, and confirm calls it again after them.
     */
    requireAcknowledged: requireAllAcknowledged,

    /** Fixes the reference id (made here, or the user's own) and freezes the body. */
    confirm(
      body: Body,
      input: {
        readonly audience: IntentAudience<Body, Outcome>;
        readonly acknowledged: readonly string[] | undefined;
        readonly chosenReferenceId?: string | undefined;
      },
    ): Intent<Body, Outcome> {
      // Again, right before the body is frozen: an intent may have been lost while the feature checked.
      requireAllAcknowledged(input.audience, input.acknowledged);
      const intent = ledger.confirm(body, input.chosenReferenceId);
      departures.acknowledge(intent.id, input.acknowledged, unsettled(input.audience));
      return intent;
    },

    /**
     * Sends the frozen body once under its reference id. `send` gets no second chance: whatever it throws
     * is a refusal only when its code proves nothing moved, and unknown otherwise (at-most-once.ts).
     */
    async submit(
      intentId: string,
      input: {
        readonly audience: IntentAudience<Body, Outcome>;
        readonly acknowledged: readonly string[] | undefined;
        /** Looks the intent's reference up in the history; asked only before a refused one is sent again. */
        readonly lookUp: (intent: Intent<Body, Outcome>) => Promise<RefusedTrace<Outcome>>;
      },
      send: (body: Body, referenceId: string, attempt: number) => Promise<Outcome>,
    ): Promise<Outcome> {
      if (ledger.get(intentId).state === 'refused') {
        const traced = await lookUpBeforeResend(intentId, input.lookUp);
        if (traced !== null) return traced;
      }
      const intent = ledger.get(intentId);
      if (sendable(intent)) {
        // No await between this check and the ledger marking it in flight (security.md 27).
        const others = unsettled(input.audience);
        departures.acknowledge(intentId, input.acknowledged, others);
        departures.requireAtDeparture(intentId, others, (other) => input.audience.describe(other));
      }
      const outcome = await ledger.submit(intentId, (body, referenceId) =>
        send(body, referenceId, intent.attempts + 1),
      );
      departures.forget(intentId);
      notes.delete(intentId);
      awaitingApproval.delete(intentId);
      return outcome;
    },

    /** Moves of this audience a person closed, oldest first: never sent, still looked up. */
    closed(audience: IntentAudience<Body, Outcome>): Intent<Body, Outcome>[] {
      return ledger.closed().filter((intent) => audience.includes(intent));
    },

    /**
     * Closes unknown moves of this audience, all or none; one the audience may not see is not known to it.
     * The closure is written down before this returns (at-most-once.ts).
     */
    async close(
      intentIds: readonly string[],
      input: { readonly audience: IntentAudience<Body, Outcome>; readonly closure: IntentClosure },
    ): Promise<Intent<Body, Outcome>[]> {
      const unique = [...new Set(intentIds)];
      for (const id of unique) {
        if (!input.audience.includes(ledger.get(id))) {
          throw new AppError('not_found', t('mainMoney.reloadList'));
        }
      }
      const closed = await ledger.close(unique, input.closure);
      for (const intent of closed) notes.delete(intent.id);
      return closed;
    },

    /** Gives up a move that cannot have moved money (never sent, or refused): it can never leave again. */
    cancel(intentId: string): Intent<Body, Outcome> {
      const cancelled = ledger.cancel(intentId);
      if (cancelled.state === 'cancelled') departures.forget(intentId);
      return cancelled;
    },

    /**
     * What a look-up found for an unknown intent: the move itself settles it; null keeps it unknown, and
     * `note` (or, without one, the ledger's own words) says why.
     */
    async reconcile(intentId: string, found: Outcome | null, note: BridgeError | null): Promise<Intent<Body, Outcome>> {
      const before = ledger.get(intentId);
      // A closed move found settles as moved for certain; the alarm is raised before the ledger's write that
      // forgets the move, so no write on disk holds neither the move nor its alarm (security.md 36).
      if (before.state === 'closed' && found !== null)
        options.onFoundAfterClose?.({ ...before, state: 'succeeded', outcome: found, error: null });
      const settled = await ledger.reconcile(intentId, found);
      if (settled.state === 'unknown' && note) notes.set(intentId, note);
      else notes.delete(intentId);
      if (settled.state !== 'unknown') awaitingApproval.delete(intentId);
      return settled;
    },

    /** Keeps the words of the answer that made an intent unknown (e.g. "awaiting e-mail approval"). */
    noteUnknown(intentId: string, note: BridgeError): void {
      if (ledger.get(intentId).state === 'unknown') notes.set(intentId, note);
    },

    /**
     * The service said this unknown intent waits for approval by e-mail; it stays unknown in the ledger, and
     * the mark is written to the journal beside it before this resolves.
     */
    async noteAwaitingApproval(intentId: string): Promise<void> {
      if (ledger.get(intentId).state !== 'unknown') return;
      awaitingApproval.add(intentId);
      await ledger.rewrite();
    },

    /** The intent as the renderer sees it; canRetry is the feature's rule on top of a definite refusal. */
    status(intent: Intent<Body, Outcome>, canRetry: boolean): IntentStatus<Outcome> {
      const view = intentStatusView(intent, canRetry && intent.state === 'refused');
      const note = intent.state === 'unknown' ? notes.get(intent.id) : undefined;
      const at = options.confirmedAtMs(intent.body);
      return {
        ...view,
        ...(note ? { error: note } : {}),
        ...(intent.state === 'unknown' && awaitingApproval.has(intent.id)
          ? { awaiting: 'email-approval' as const }
          : {}),
        confirmedAt: at === undefined || at === null ? null : new Date(at).toISOString(),
      };
    },
  };
}
export type IntentMachine<Body, Outcome, Review> = ReturnType<typeof createIntentMachine<Body, Outcome, Review>>;
