import type { BridgeError } from '../../../src-preload/result';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import type { Intent, IntentClosure, IntentLedger } from './at-most-once';
import { createDepartureGuard } from './departure-guard';
import { journaledLedger, type IntentJournal, type ReviewBook } from './intent-journal';
import { createIntentNotes, intentStatus, type IntentNotes, type IntentStatus } from './intent-notes';
import { createResendLookUp, type RefusedLookUp } from './resend-look-up';
import { requireAcknowledged } from './unresolved-guard';

export type { IntentStatus } from './intent-notes';
export type { RefusedTrace } from './resend-look-up';

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

/** The state every step of one machine works on; each step below is a function of it. */
interface MachineParts<Body, Outcome, Review> {
  readonly options: IntentMachineOptions<Body, Review, Outcome>;
  readonly ledger: IntentLedger<Body, Outcome>;
  readonly departures: ReturnType<typeof createDepartureGuard>;
  readonly notes: IntentNotes;
  readonly lookUpBeforeResend: (intentId: string, lookUp: RefusedLookUp<Body, Outcome>) => Promise<Outcome | null>;
}

/** Who is warned, and which unsettled intents they said they know of. */
interface Acknowledgement<Body, Outcome> {
  readonly audience: IntentAudience<Body, Outcome>;
  readonly acknowledged: readonly string[] | undefined;
}

interface ConfirmInput<Body, Outcome> extends Acknowledgement<Body, Outcome> {
  readonly chosenReferenceId?: string | undefined;
}

interface SubmitInput<Body, Outcome> extends Acknowledgement<Body, Outcome> {
  /** Looks the intent's reference up in the history; asked only before a refused one is sent again. */
  readonly lookUp: RefusedLookUp<Body, Outcome>;
}

interface CloseInput<Body, Outcome> {
  readonly audience: IntentAudience<Body, Outcome>;
  readonly closure: IntentClosure;
}

function unsettledOf<Body, Outcome>(
  ledger: IntentLedger<Body, Outcome>,
  audience: IntentAudience<Body, Outcome>,
): Intent<Body, Outcome>[] {
  return ledger.unsettled().filter((intent) => audience.includes(intent));
}

function sendable(intent: Intent<unknown, unknown>): boolean {
  return intent.state === 'confirmed' || intent.state === 'refused';
}

/**
 * Refuses (unresolved_intent, naming them) while an unsettled intent of the audience is not among the
 * acknowledged ids. Features call it before their own slow checks, and confirm calls it again after them.
 */
function requireAllAcknowledged<Body, Outcome>(
  ledger: IntentLedger<Body, Outcome>,
  audience: IntentAudience<Body, Outcome>,
  acknowledged: readonly string[] | undefined,
): void {
  requireAcknowledged(unsettledOf(ledger, audience), acknowledged, (intent) => audience.describe(intent));
}

/** Fixes the reference id (made here, or the user's own) and freezes the body. */
function confirmIntent<Body, Outcome, Review>(
  { ledger, departures }: MachineParts<Body, Outcome, Review>,
  body: Body,
  input: ConfirmInput<Body, Outcome>,
): Intent<Body, Outcome> {
  // Again, right before the body is frozen: an intent may have been lost while the feature checked.
  requireAllAcknowledged(ledger, input.audience, input.acknowledged);
  const intent = ledger.confirm(body, input.chosenReferenceId);
  departures.acknowledge(intent.id, input.acknowledged, unsettledOf(ledger, input.audience));
  return intent;
}

/**
 * Sends the frozen body once under its reference id. `send` gets no second chance: whatever it throws
 * is a refusal only when its code proves nothing moved, and unknown otherwise (at-most-once.ts).
 */
async function submitIntent<Body, Outcome, Review>(
  parts: MachineParts<Body, Outcome, Review>,
  intentId: string,
  input: SubmitInput<Body, Outcome>,
  send: (body: Body, referenceId: string, attempt: number) => Promise<Outcome>,
): Promise<Outcome> {
  const { ledger, departures, notes } = parts;
  if (ledger.get(intentId).state === 'refused') {
    const traced = await parts.lookUpBeforeResend(intentId, input.lookUp);
    if (traced !== null) return traced;
  }
  const intent = ledger.get(intentId);
  if (sendable(intent)) {
    // No await between this check and the ledger marking it in flight (security.md 27).
    const others = unsettledOf(ledger, input.audience);
    departures.acknowledge(intentId, input.acknowledged, others);
    departures.requireAtDeparture(intentId, others, (other) => input.audience.describe(other));
  }
  const outcome = await ledger.submit(intentId, (body, referenceId) => send(body, referenceId, intent.attempts + 1));
  departures.forget(intentId);
  notes.reasons.delete(intentId);
  notes.awaitingApproval.delete(intentId);
  return outcome;
}

/**
 * Closes unknown moves of this audience, all or none; one the audience may not see is not known to it.
 * The closure is written down before this returns (at-most-once.ts).
 */
async function closeIntents<Body, Outcome, Review>(
  { ledger, notes }: MachineParts<Body, Outcome, Review>,
  intentIds: readonly string[],
  input: CloseInput<Body, Outcome>,
): Promise<Intent<Body, Outcome>[]> {
  const unique = [...new Set(intentIds)];
  for (const id of unique) {
    if (!input.audience.includes(ledger.get(id))) {
      throw new AppError('not_found', t('mainMoney.reloadList'));
    }
  }
  const closed = await ledger.close(unique, input.closure);
  for (const intent of closed) notes.reasons.delete(intent.id);
  return closed;
}

/**
 * What a look-up found for an unknown intent: the move itself settles it; null keeps it unknown, and
 * `note` (or, without one, the ledger's own words) says why.
 */
async function reconcileIntent<Body, Outcome, Review>(
  { ledger, notes, options }: MachineParts<Body, Outcome, Review>,
  intentId: string,
  found: Outcome | null,
  note: BridgeError | null,
): Promise<Intent<Body, Outcome>> {
  const before = ledger.get(intentId);
  // A closed move found settles as moved for certain; the alarm is raised before the ledger's write that
  // forgets the move, so no write on disk holds neither the move nor its alarm (security.md 36).
  if (before.state === 'closed' && found !== null)
    options.onFoundAfterClose?.({ ...before, state: 'succeeded', outcome: found, error: null });
  const settled = await ledger.reconcile(intentId, found);
  if (settled.state === 'unknown' && note) notes.reasons.set(intentId, note);
  else notes.reasons.delete(intentId);
  if (settled.state !== 'unknown') notes.awaitingApproval.delete(intentId);
  return settled;
}

/**
 * The service said this unknown intent waits for approval by e-mail; it stays unknown in the ledger, and
 * the mark is written to the journal beside it before this resolves.
 */
async function markAwaitingApproval<Body, Outcome, Review>(
  { ledger, notes }: MachineParts<Body, Outcome, Review>,
  intentId: string,
): Promise<void> {
  if (ledger.get(intentId).state !== 'unknown') return;
  notes.awaitingApproval.add(intentId);
  await ledger.rewrite();
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
  const notes = createIntentNotes();
  const ledger = journaledLedger<Body, Outcome, Review>(options.journal, options.reviews, notes.awaitingApproval);
  const departures = createDepartureGuard();
  const lookUpBeforeResend = createResendLookUp({ ledger, departures, notes });
  const parts: MachineParts<Body, Outcome, Review> = { options, ledger, departures, notes, lookUpBeforeResend };
  type Audience = IntentAudience<Body, Outcome>;

  return {
    get: (intentId: string): Intent<Body, Outcome> => ledger.get(intentId),
    knows: (referenceId: string): boolean => ledger.knows(referenceId),
    /** Unknown and in-flight intents of this audience, oldest first: either may have moved money. */
    unsettled: (audience: Audience): Intent<Body, Outcome>[] => unsettledOf(ledger, audience),
    /** Refuses while an unsettled intent of the audience is not acknowledged (requireAllAcknowledged). */
    requireAcknowledged: (audience: Audience, acknowledged: readonly string[] | undefined): void =>
      requireAllAcknowledged(ledger, audience, acknowledged),
    confirm: (body: Body, input: ConfirmInput<Body, Outcome>) => confirmIntent(parts, body, input),
    submit: (
      intentId: string,
      input: SubmitInput<Body, Outcome>,
      send: (body: Body, referenceId: string, attempt: number) => Promise<Outcome>,
    ) => submitIntent(parts, intentId, input, send),

    /** Moves of this audience a person closed, oldest first: never sent, still looked up. */
    closed: (audience: Audience): Intent<Body, Outcome>[] =>
      ledger.closed().filter((intent) => audience.includes(intent)),
    close: (intentIds: readonly string[], input: CloseInput<Body, Outcome>) => closeIntents(parts, intentIds, input),

    /** Gives up a move that cannot have moved money (never sent, or refused): it can never leave again. */
    cancel(intentId: string): Intent<Body, Outcome> {
      const cancelled = ledger.cancel(intentId);
      if (cancelled.state === 'cancelled') departures.forget(intentId);
      return cancelled;
    },
    reconcile: (intentId: string, found: Outcome | null, note: BridgeError | null) =>
      reconcileIntent(parts, intentId, found, note),

    /** Keeps the words of the answer that made an intent unknown (e.g. "awaiting e-mail approval"). */
    noteUnknown(intentId: string, note: BridgeError): void {
      if (ledger.get(intentId).state === 'unknown') notes.reasons.set(intentId, note);
    },
    noteAwaitingApproval: (intentId: string): Promise<void> => markAwaitingApproval(parts, intentId),

    /** The intent as the renderer sees it; canRetry is the feature's rule on top of a definite refusal. */
    status: (intent: Intent<Body, Outcome>, canRetry: boolean): IntentStatus<Outcome> =>
      intentStatus(notes, intent, canRetry, options.confirmedAtMs(intent.body)),
  };
}
export type IntentMachine<Body, Outcome, Review> = ReturnType<typeof createIntentMachine<Body, Outcome, Review>>;
