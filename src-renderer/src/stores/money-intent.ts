import type { BridgeError, Result } from '../../../src-preload/result';

/**
 * form → review → result, or → unknown when the answer was lost. Shared by send and swap: the renderer
 * holds only ids and what main showed; the body that is sent lives in main, frozen at confirmation.
 */
export type MoneyStep = 'form' | 'review' | 'result' | 'unknown';

export interface IntentStatus<Outcome> {
  readonly state: string;
  readonly outcome: Outcome | null;
  readonly error: BridgeError | null;
  readonly canRetry: boolean;
}

/** The part of a money store that follows one confirmed intent through execute, reconcile and retry. */
export interface MoneyIntentState<Review extends { intentId: string }, Outcome, Status extends IntentStatus<Outcome>> {
  readonly step: MoneyStep;
  readonly review: Review | null;
  /** An execute, retry or status check is on its way: every submit button is disabled. */
  readonly submitting: boolean;
  readonly submitError: BridgeError | null;
  readonly outcome: Outcome | null;
  /** Set after "Check status": found (→ result) or not found (→ a retry with the same reference is offered). */
  readonly lookup: 'not_found' | null;
  /** Earlier intents whose outcome is still unknown (kept in main across reloads and locks). */
  readonly unresolved: { review: Review; status: Status }[];
}

/** The bridge operations of one money domain (`wallet.send` or `wallet.swap`). */
export interface MoneyIntentApi<Review, Outcome, Status> {
  execute(input: { intentId: string; tfaCode: string }): Promise<Result<Outcome>>;
  retry(input: { intentId: string; tfaCode: string }): Promise<Result<Outcome>>;
  reconcile(input: {
    intentId: string;
  }): Promise<Result<{ lookup: 'found' | 'not_found' | 'settled'; status: Status }>>;
  unresolved(): Promise<Result<{ review: Review; status: Status }[]>>;
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
  execute(tfaCode: string): Promise<void>;
  retry(tfaCode: string): Promise<void>;
  checkStatus(): Promise<void>;
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
  const { submitting, submitError: error, lookup, checkStatus, retry } = state;
  return { submitting, error, lookup, checkStatus, retry };
}

/** What the list of unresolved intents needs (use with zustand's useShallow). */
export function selectUnresolved<Review extends { intentId: string }, Outcome, Status extends IntentStatus<Outcome>>(
  state: MoneyIntentStore<Review, Outcome, Status>,
) {
  const { unresolved, loadUnresolved, resume } = state;
  return { unresolved, loadUnresolved, resume };
}

/** The execute / reconcile / retry state machine both money stores share; each keeps only what differs. */
export function createMoneyIntentActions<
  Review extends { intentId: string },
  Outcome,
  Status extends IntentStatus<Outcome>,
>(options: MoneyIntentOptions<Review, Outcome, Status>): MoneyIntentActions<Review> {
  const { api, set, get, invalidate } = options;

  /** Sends (or retries) the confirmed intent once; a second call while one is on its way does nothing. */
  async function submit(tfaCode: string, operation: 'execute' | 'retry'): Promise<void> {
    const { review, submitting } = get();
    if (!review || submitting) return;
    options.clearExtras?.();
    set({ submitting: true, submitError: null });
    if (operation === 'execute' && options.beforeExecute && (await options.beforeExecute(review))) return;
    const result =
      operation === 'execute'
        ? await api.execute({ intentId: review.intentId, tfaCode })
        : await api.retry({ intentId: review.intentId, tfaCode });
    if (get().review?.intentId !== review.intentId) return;
    if (result.ok) {
      set({ submitting: false, outcome: result.value, step: 'result', lookup: null });
    } else if (result.error.code === 'outcome_unknown') {
      set({ submitting: false, step: 'unknown', submitError: result.error, lookup: null });
    } else if (result.error.code === 'stale_precheck') {
      await options.onStale(result.error);
    } else {
      set({ submitting: false, submitError: result.error });
    }
  }

  return {
    async loadUnresolved() {
      const result = await api.unresolved();
      if (result.ok) set({ unresolved: result.value });
    },

    resume(review) {
      invalidate();
      options.clearExtras?.();
      set({ review, step: 'unknown', submitError: null, lookup: null, outcome: null });
    },

    execute: (tfaCode) => submit(tfaCode, 'execute'),
    retry: (tfaCode) => submit(tfaCode, 'retry'),

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
      } else {
        set({
          submitting: false,
          lookup: lookup === 'not_found' || status.canRetry ? 'not_found' : null,
          submitError: status.error,
        });
      }
    },
  };
}
