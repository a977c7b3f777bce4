import type { BridgeError, Result } from '../../../src-preload/result';
import { useSettleStore } from './settle-store';

/**
 * form → review → result, or → unknown when the answer was lost. Shared by send and swap: the renderer
 * holds only ids and what main showed; the body that is sent lives in main, frozen at confirmation.
 * An unknown outcome is left only by a look-up that finds the move; a look-up that finds nothing keeps it
 * unknown, and the user may then start a new one after acknowledging this one (security.md 27, 29).
 */
export type MoneyStep = 'form' | 'review' | 'result' | 'unknown';

export interface IntentStatus<Outcome> {
  readonly state: string;
  readonly outcome: Outcome | null;
  readonly error: BridgeError | null;
  readonly canRetry: boolean;
  readonly confirmedAt: string | null;
}

/**
 * What a look-up found that did not settle the intent: nothing yet, a row that may or may not be it, or its
 * row not completed (pending, or reported failed, which does not prove nothing moved).
 */
export type UnsettledLookup = 'not_found' | 'ambiguous' | 'pending' | 'failed';

/** An unsettled intent as main lists it: in any of the user's accounts, named when not the active one. */
export interface UnsettledEntry<Review, Status> {
  readonly review: Review;
  readonly status: Status;
  readonly accountName: string | null;
}

/** A move a person closed as "did not go through", with who closed it, when and what they were shown. */
export interface ClosedEntry<Review, Status> extends UnsettledEntry<Review, Status> {
  readonly closure: { readonly at: string; readonly byName: string; readonly shown: string };
}

/** The part of a money store that follows one confirmed intent through execute, reconcile and retry. */
export interface MoneyIntentState<Review extends { intentId: string }, Outcome, Status extends IntentStatus<Outcome>> {
  readonly step: MoneyStep;
  readonly review: Review | null;
  /** An execute, retry or status check is on its way: every submit button is disabled. */
  readonly submitting: boolean;
  readonly submitError: BridgeError | null;
  readonly outcome: Outcome | null;
  /** Set after "Check status" found nothing that settles the move: the outcome stays unknown. */
  readonly lookup: UnsettledLookup | null;
  /** The service refused the last attempt (nothing moved): sending again reuses the same reference. */
  readonly refused: boolean;
  /** Earlier intents whose outcome is still unknown, in any of the user's accounts (kept in main). */
  readonly unresolved: UnsettledEntry<Review, Status>[];
  /**
   * Unsettled intents the user said they know may have gone through, so a new one may start beside them.
   * It answers the warning now shown and nothing else: it is dropped when a new form starts and whenever
   * the list of unsettled intents changes, and only ids in that list can be in it (security.md 27).
   */
  readonly acknowledged: readonly string[];
  /** Moves closed as "did not go through" (security.md 36), oldest first. */
  readonly closed: ClosedEntry<Review, Status>[];
  /** A closing is on its way; its buttons are disabled. */
  readonly closing: boolean;
  readonly closeError: BridgeError | null;
}

/** The bridge operations of one money domain (`wallet.send` or `wallet.swap`). */
export interface MoneyIntentApi<Review, Outcome, Status> {
  execute(input: { intentId: string; tfaCode: string; acknowledgedIntentIds?: string[] }): Promise<Result<Outcome>>;
  status(input: { intentId: string }): Promise<Result<Status>>;
  /** "Check status": a look-up only, never a request that moves money. */
  reconcile(input: {
    intentId: string;
  }): Promise<Result<{ lookup: 'found' | UnsettledLookup | 'settled'; status: Status }>>;
  unresolved(): Promise<Result<UnsettledEntry<Review, Status>[]>>;
  /** Closes unknown moves after the user confirmed the warning shown (security.md 36). */
  close(input: {
    intentIds: string[];
    warning: string;
    confirmed: true;
  }): Promise<Result<ClosedEntry<Review, Status>[]>>;
  closed(): Promise<Result<ClosedEntry<Review, Status>[]>>;
}

export interface MoneyIntentOptions<
  Review extends { intentId: string },
  Outcome,
  Status extends IntentStatus<Outcome>,
> {
  readonly api: MoneyIntentApi<Review, Outcome, Status>;
  readonly set: (partial: Partial<MoneyIntentState<Review, Outcome, Status>>) => void;
  readonly get: () => MoneyIntentState<Review, Outcome, Status>;
  /** Drops late answers for older input (the store's generation counter). */
  readonly invalidate: () => void;
  /** Clears the store's own extras (e.g. a notice) when a submit starts or an intent is resumed. */
  readonly clearExtras?: () => void;
  /**
   * Runs before an execute is sent; returns true when it dealt with the submit itself (swap renews an
   * expired quote instead of sending it).
   */
  readonly beforeExecute?: (review: Review) => Promise<boolean>;
  /** What main prechecked is too old to send with: send goes back to its form, swap renews its quote. */
  readonly onStale: (error: BridgeError) => Promise<void> | void;
}

export interface MoneyIntentActions<Review> {
  loadUnresolved(): Promise<void>;
  /** Opens an unresolved intent on its "outcome unknown" page. */
  resume(review: Review): void;
  /**
   * A listed intent's "Check status": opens it on its "outcome unknown" page and looks it up there, in one
   * press; a look-up only, never a request that moves money (security.md 29).
   */
  openAndCheck(review: Review): Promise<void>;
  /** Sends the confirmed intent; after a definite refusal, the same intent (same reference) again. */
  execute(tfaCode: string): Promise<void>;
  checkStatus(): Promise<void>;
  /** The user says they know this unknown intent may have gone through (or takes it back). */
  acknowledge(intentId: string, known: boolean): void;
  /** The acknowledged ids that are still unresolved, for the confirmation of a new intent. */
  acknowledgedIds(): string[];
  /** The user says they know every listed one may have gone through (or takes it back). */
  acknowledgeAll(known: boolean): void;
  loadClosed(): Promise<void>;
  /**
   * Closes these unknown moves as "did not go through", with the words of the warning the user confirmed;
   * true when main closed them.
   */
  close(intentIds: string[], warning: string): Promise<boolean>;
  /**
   * A settle round settled these intents (main's money.settled event): the list follows, and the intent
   * on its "outcome unknown" page moves to its result without a "Check status".
   */
  settledInBackground(intentIds: readonly string[]): Promise<void>;
}

/** Which intents a warning names, and in which state: what an acknowledgement answers. */
function listKey(list: readonly { review: { intentId: string }; status: { state: string } }[]): string {
  return list.map((entry) => `${entry.review.intentId}:${entry.status.state}`).join(',');
}

/** The fields the shared part adds to a store's initial state. */
export const initialMoneyIntentState = {
  submitting: false,
  submitError: null,
  outcome: null,
  lookup: null,
  refused: false,
  unresolved: [] as never[],
  acknowledged: [] as readonly string[],
  closed: [] as never[],
  closing: false,
  closeError: null,
};

/**
 * A confirmation main answered: its review on screen, and nothing left of an earlier attempt (error,
 * outcome, look-up, refusal) to be taken for this one's.
 */
export function reviewEntered<Review>(review: Review) {
  return {
    review,
    step: 'review' as const,
    submitError: null,
    outcome: null,
    lookup: null,
    refused: false,
  };
}

type MoneyIntentStore<
  Review extends { intentId: string },
  Outcome,
  Status extends IntentStatus<Outcome>,
> = MoneyIntentState<Review, Outcome, Status> & MoneyIntentActions<Review>;

/** What the "outcome unknown" page needs (use with zustand's useShallow). */
export function selectUnknownOutcome<
  Review extends { intentId: string },
  Outcome,
  Status extends IntentStatus<Outcome>,
>(state: MoneyIntentStore<Review, Outcome, Status>) {
  const { submitting, submitError: error, lookup, checkStatus } = state;
  return { submitting, error, lookup, checkStatus };
}

/** What the list of unresolved intents needs (use with zustand's useShallow). */
export function selectUnresolved<Review extends { intentId: string }, Outcome, Status extends IntentStatus<Outcome>>(
  state: MoneyIntentStore<Review, Outcome, Status>,
) {
  const { unresolved, loadUnresolved, openAndCheck, acknowledged, acknowledge, acknowledgeAll } = state;
  const { close, closing, closeError } = state;
  return {
    unresolved,
    loadUnresolved,
    openAndCheck,
    acknowledged,
    acknowledge,
    acknowledgeAll,
    close,
    closing,
    closeError,
  };
}

/** What the list of closed moves needs (use with zustand's useShallow). */
export function selectClosed<Review extends { intentId: string }, Outcome, Status extends IntentStatus<Outcome>>(
  state: MoneyIntentStore<Review, Outcome, Status>,
) {
  const { closed, loadClosed, openAndCheck } = state;
  return { closed, loadClosed, openAndCheck };
}

/** The execute / reconcile / retry state machine both money stores share; each keeps only what differs. */
export function createMoneyIntentActions<
  Review extends { intentId: string },
  Outcome,
  Status extends IntentStatus<Outcome>,
>(options: MoneyIntentOptions<Review, Outcome, Status>): MoneyIntentActions<Review> {
  const { api, set, get, invalidate } = options;

  /** Sends the confirmed intent once; a second call while one is on its way does nothing. */
  async function submit(tfaCode: string): Promise<void> {
    const { review, submitting } = get();
    if (!review || submitting) return;
    options.clearExtras?.();
    set({ submitting: true, submitError: null });
    if (options.beforeExecute && (await options.beforeExecute(review))) return;
    // Main checks again as the request leaves that every other unsettled intent was acknowledged for this
    // one; the ticks of the warning shown on the review go with it (security.md 27).
    const acknowledgedIntentIds = acknowledgedIds();
    const result = await api.execute({
      intentId: review.intentId,
      tfaCode,
      ...(acknowledgedIntentIds.length > 0 ? { acknowledgedIntentIds } : {}),
    });
    if (get().review?.intentId !== review.intentId) return;
    if (result.ok) {
      set({ submitting: false, outcome: result.value, step: 'result', lookup: null, refused: false });
    } else if (result.error.code === 'outcome_unknown') {
      set({ submitting: false, step: 'unknown', submitError: result.error, lookup: null, refused: false });
      void loadUnresolved();
      useSettleStore.getState().unknownAppeared();
    } else if (result.error.code === 'stale_precheck') {
      await options.onStale(result.error);
    } else if (result.error.code === 'unresolved_intent') {
      // Another move became unsettled since this one was confirmed: nothing left. The review shows the
      // warning naming it, with its checkbox; sending again passes the ticks.
      set({ submitting: false, submitError: result.error });
      await loadUnresolved();
    } else {
      // Main alone knows whether this answer proves nothing moved; only then is the same reference reused.
      const status = await api.status({ intentId: review.intentId });
      if (get().review?.intentId !== review.intentId) return;
      const refused = status.ok && status.value.state === 'refused';
      // storage_failed and the like: main's words say what happened and that nothing was sent.
      set({ submitting: false, submitError: result.error, refused });
    }
  }

  function acknowledgedIds(): string[] {
    const { acknowledged, unresolved } = get();
    return unresolved.map((entry) => entry.review.intentId).filter((id) => acknowledged.includes(id));
  }

  async function loadClosed(): Promise<void> {
    const result = await api.closed();
    if (result.ok) set({ closed: result.value });
  }

  async function loadUnresolved(): Promise<void> {
    const result = await api.unresolved();
    if (!result.ok) return;
    // An acknowledgement answers one warning: one intent more or less, or one that went from "still being
    // sent" to "unknown", is a different warning, to be read and acknowledged again (security.md 27).
    const changed = listKey(result.value) !== listKey(get().unresolved);
    set(changed ? { unresolved: result.value, acknowledged: [] } : { unresolved: result.value });
  }

  function resume(review: Review): void {
    invalidate();
    options.clearExtras?.();
    set({ review, step: 'unknown', submitError: null, lookup: null, outcome: null, refused: false });
  }

  const actions: MoneyIntentActions<Review> = {
    loadUnresolved,

    resume,

    async openAndCheck(review) {
      resume(review);
      await actions.checkStatus();
    },

    execute: (tfaCode) => submit(tfaCode),

    acknowledge(intentId, known) {
      const { acknowledged, unresolved } = get();
      // Only what the warning shows can be acknowledged.
      if (!unresolved.some((entry) => entry.review.intentId === intentId)) return;
      const others = acknowledged.filter((id) => id !== intentId);
      set({ acknowledged: known ? [...others, intentId] : others });
    },

    acknowledgedIds,

    acknowledgeAll(known) {
      set({ acknowledged: known ? get().unresolved.map((entry) => entry.review.intentId) : [] });
    },

    loadClosed,

    async close(intentIds, warning) {
      if (get().closing || intentIds.length === 0) return false;
      set({ closing: true, closeError: null });
      const result = await api.close({ intentIds, warning, confirmed: true });
      if (result.ok) set({ closing: false, closed: result.value });
      else set({ closing: false, closeError: result.error });
      await loadUnresolved();
      return result.ok;
    },

    async settledInBackground(intentIds) {
      void loadUnresolved();
      // A closed move found later leaves the closed list too (its alarm is main's).
      void loadClosed();
      const { review, step, submitting } = get();
      // A "Check status" on its way answers for itself.
      if (!review || step !== 'unknown' || submitting || !intentIds.includes(review.intentId)) return;
      const status = await api.status({ intentId: review.intentId });
      const now = get();
      if (now.review?.intentId !== review.intentId || now.step !== 'unknown' || now.submitting) return;
      if (status.ok && status.value.state === 'succeeded' && status.value.outcome) {
        set({ outcome: status.value.outcome, step: 'result', lookup: null, submitError: null });
      }
    },

    async checkStatus() {
      const { review, submitting } = get();
      if (!review || submitting) return;
      set({ submitting: true, submitError: null });
      const result = await api.reconcile({ intentId: review.intentId });
      if (get().review?.intentId !== review.intentId) return;
      if (!result.ok) {
        set({ submitting: false, submitError: result.error });
        return;
      }
      const { lookup, status } = result.value;
      if (status.state === 'succeeded' && status.outcome) {
        set({ submitting: false, outcome: status.outcome, step: 'result', lookup: null });
        void loadUnresolved();
        // A closed move found here went through after all: it leaves the closed list (security.md 36).
        if (get().closed.some((entry) => entry.review.intentId === review.intentId)) {
          const closed = await api.closed();
          if (closed.ok) set({ closed: closed.value });
        }
      } else {
        // Not found is not "did not happen": the outcome stays unknown and nothing is offered to resend.
        set({
          submitting: false,
          lookup: lookup === 'found' || lookup === 'settled' ? 'not_found' : lookup,
          submitError: status.error,
        });
      }
    },
  };
  return actions;
}
