import { AppError } from '../../app-error';
import type { SessionService } from '../session';

/** What every step before a confirmation (a send's precheck, a swap's quote) is bound to. */
export interface BookedStep {
  readonly accountGuid: string;
  readonly expiresAtMs: number;
}

/** A sentence, or how to write it in the language of the moment it is needed. */
type Words = string | (() => string);

/** The words of the book's refusals, in the feature's own terms; all are stale_precheck. */
export interface ConfirmBookWords {
  /** No such step: never made, dropped when the session changed, or expired and dropped. */
  readonly missing: Words;
  /** The active account is not the one the step was made for. */
  readonly otherAccount: Words;
  readonly expired: Words;
  /** A second confirmation asked for other choices than the first. */
  readonly changed: Words;
}

export interface ConfirmBookDeps {
  readonly session: Pick<SessionService, 'activeAccount' | 'onChange'>;
  readonly now: () => number;
  readonly words: ConfirmBookWords;
}

interface Confirmation<Review> {
  /** The user's choices at confirmation, so a second click with the same ones joins the first. */
  readonly key: string;
  readonly promise: Promise<Review>;
}

interface Slot<Step, Review> {
  readonly step: Step;
  done: { readonly key: string; readonly review: Review } | null;
  /** A confirmation under way (it reads balances first); a second click joins it instead of racing it. */
  confirming: Confirmation<Review> | null;
}

/**
 * The steps before confirmation, kept in main by id so only what main checked can be confirmed, and a change
 * means a new step (security.md 25). Each is tied to one account and expires; a second click joins the
 * confirmation under way, so a step makes at most one intent (security.md 24); a switch of account, a lock
 * or a sign-out drops them all.
 */
export function createConfirmBook<Step extends BookedStep, Review>(deps: ConfirmBookDeps) {
  const slots = new Map<string, Slot<Step, Review>>();
  const stale = (words: Words) => new AppError('stale_precheck', typeof words === 'string' ? words : words());

  deps.session.onChange((view) => {
    for (const [id, slot] of slots) {
      if (view.status !== 'signed-in' || slot.step.accountGuid !== view.activeAccountGuid) slots.delete(id);
    }
  });

  function requireSameAccount(accountGuid: string): void {
    if (deps.session.activeAccount().guid !== accountGuid) throw stale(deps.words.otherAccount);
  }

  function requireLive(step: BookedStep): void {
    if (deps.now() > step.expiresAtMs) throw stale(deps.words.expired);
  }

  async function confirm(id: string, key: string, run: (step: Step) => Promise<Review>): Promise<Review> {
    const slot = slots.get(id);
    if (!slot) throw stale(deps.words.missing);
    requireSameAccount(slot.step.accountGuid);
    if (slot.done) {
      // One step, one intent: a second click on Confirm returns the same reference id.
      if (slot.done.key === key) return slot.done.review;
      throw stale(deps.words.changed);
    }
    if (slot.confirming) {
      const pending = slot.confirming;
      const review = await pending.promise;
      if (pending.key === key) return review;
      throw stale(deps.words.changed);
    }
    // A refusal thrown before run's first wait is a failed confirmation like any other.
    const promise = (async () => run(slot.step))();
    const confirming = { key, promise };
    slot.confirming = confirming;
    try {
      const review = await promise;
      slot.done = { key, review };
      return review;
    } catch (error) {
      if (slot.confirming === confirming) slot.confirming = null;
      if (error instanceof AppError && error.code === 'stale_precheck' && deps.now() > slot.step.expiresAtMs) {
        slots.delete(id);
      }
      throw error;
    }
  }

  return {
    add(id: string, step: Step): void {
      slots.set(id, { step, done: null, confirming: null });
    },
    /**
     * Confirms the step once: `run` makes the intent; a second call with the same key while it runs or after
     * it gets the same review, with another key a refusal. An expired step that failed is dropped.
     */
    confirm,
    requireSameAccount,
    /** Refuses a step past its expiry (checked again after every wait of a confirmation). */
    requireLive,
    /** Drops the steps whose confirmation this predicate picks (a cancelled intent's quote). */
    dropConfirmed(picks: (review: Review) => boolean): void {
      for (const [id, slot] of slots) if (slot.done && picks(slot.done.review)) slots.delete(id);
    },
    size(): number {
      return slots.size;
    },
  };
}
export type ConfirmBook<Step extends BookedStep, Review> = ReturnType<typeof createConfirmBook<Step, Review>>;
