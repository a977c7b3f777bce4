import { randomUUID } from 'node:crypto';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import { isNothingMovedRefusal } from './refusals';
import { t } from '../../i18n/main-text';

/**
 * The life of one money-moving intent (a send, a swap, a withdrawal), shared by every feature that
 * moves money (security.md 22-24):
 * - its reference id is fixed when the user confirms, and the body is frozen with it;
 * - it is submitted at most once at a time: a second call while one is in flight is refused;
 * - a success is final: asking again returns the stored result, never a second request;
 * - a definite refusal by the service (wrong code, insufficient balance) lets the user try again with
 *   the same id and body; only the codes of `nothingMovedCodes` count as one, so an answer a feature
 *   forgot to classify can never unlock a retry (security.md 28). A service may commit and still refuse,
 *   so the intent machine looks the reference up before it sends a refused intent again (`traced`,
 *   security.md 39);
 * - a timeout, a dropped connection or an answer the app does not understand makes the outcome
 *   unknown, and unknown is never left by a look-up that finds nothing: absence from history is no proof
 *   that nothing happened (security.md 27). It is left only when the look-up finds the transaction; the
 *   user may start a new intent instead, after acknowledging this one (see unresolved-guard.ts);
 * - an intent given up before it left (a swap whose quote was replaced by a fresh one) is cancelled, and a
 *   cancelled intent never leaves: only one that never left or that the service refused can be given up;
 * - an unknown intent may be closed by a person who was warned that it may still have moved money
 *   (security.md 36): closed is never sent, never needs acknowledging again, and keeps its closure (when, by
 *   whom, what they were shown); a look-up that later finds it settles it as moved, closure and all.
 */
export type IntentState = 'confirmed' | 'in-flight' | 'succeeded' | 'refused' | 'unknown' | 'cancelled' | 'closed';

/** A person's decision that an unknown move did not go through, as it was made (security.md 36). */
export interface IntentClosure {
  /** When it was closed, ISO 8601. */
  readonly at: string;
  readonly by: { readonly userGuid: string; readonly name: string };
  /** The warning words the person confirmed, as the window showed them. */
  readonly shown: string;
}

export interface Intent<Body, Outcome> {
  readonly id: string;
  readonly referenceId: string;
  readonly body: Body;
  readonly state: IntentState;
  readonly outcome: Outcome | null;
  readonly error: BridgeError | null;
  readonly attempts: number;
  /** Set once a person closed it; kept if a look-up later finds it went through. */
  readonly closure: IntentClosure | null;
}

interface MutableIntent<Body, Outcome> {
  id: string;
  referenceId: string;
  body: Body;
  state: IntentState;
  outcome: Outcome | null;
  error: BridgeError | null;
  attempts: number;
  closure: IntentClosure | null;
}

export interface IntentLedgerOptions<Body, Outcome> {
  /** How reference ids are made; the service wants them unique per request. */
  readonly newReferenceId?: () => string;
  /** How many finished intents to remember (for "show me what happened"). */
  readonly keep?: number;
  /**
   * Saves the intents whose request may have reached the service (in flight, unknown or closed). Called before a
   * request leaves and after every change of that set, so a crash or a quit cannot lose one. A failure
   * before the request leaves stops the request (nothing is sent that the next run could not know of);
   * later failures are the persister's to report.
   */
  readonly persist?: (unresolved: readonly Intent<Body, Outcome>[]) => Promise<void>;
}

/** An intent a previous run left unresolved; it comes back with an unknown outcome. */
export interface RestoredIntent<Body> {
  readonly id: string;
  readonly referenceId: string;
  readonly body: Body;
  readonly attempts: number;
  /** Present when a person closed it: it comes back closed, never unknown again. */
  readonly closure?: IntentClosure | undefined;
}

// Functions, so each is written in the language chosen when it happens.
const unknownOutcome = (): BridgeError => ({ code: 'outcome_unknown', message: t('mainMoney.noAnswer') });

const notFoundYet = (): BridgeError => ({ code: 'outcome_unknown', message: t('mainMoney.notFoundYet') });

export class IntentLedger<Body, Outcome> {
  readonly #intents = new Map<string, MutableIntent<Body, Outcome>>();
  readonly #newReferenceId: () => string;
  readonly #keep: number;
  readonly #persist: ((unresolved: readonly Intent<Body, Outcome>[]) => Promise<void>) | undefined;

  constructor(options: IntentLedgerOptions<Body, Outcome> = {}) {
    this.#newReferenceId = options.newReferenceId ?? (() => randomUUID());
    this.#keep = options.keep ?? 100;
    this.#persist = options.persist;
  }

  /**
   * Takes back an intent the last run could not settle. Whether its request went through is unknown
   * (the app may have quit mid-request), so it waits for a reconciliation like any other unknown one.
   */
  restore(restored: RestoredIntent<Body>): Intent<Body, Outcome> {
    const closure = restored.closure ?? null;
    const intent: MutableIntent<Body, Outcome> = {
      id: restored.id,
      referenceId: restored.referenceId,
      body: Object.freeze(structuredClone(restored.body)) as Body,
      state: closure ? 'closed' : 'unknown',
      outcome: null,
      error: closure
        ? null
        : {
            code: 'outcome_unknown',
            message: t('mainMoney.closedBeforeAnswer'),
          },
      attempts: restored.attempts,
      closure,
    };
    this.#intents.set(intent.id, intent);
    return this.#snapshot(intent);
  }

  /**
   * The user confirmed: fix the reference id and freeze the body. A reference id the user chose (a
   * merchant's own transaction id) is taken as given, but never one this ledger already knows in any
   * state: two intents under one id would make "at most once" depend on the service's de-duplication.
   */
  confirm(body: Body, chosenReferenceId?: string): Intent<Body, Outcome> {
    if (chosenReferenceId !== undefined && this.knows(chosenReferenceId)) {
      throw new AppError('bad_input', t('mainMoney.idTaken', { id: chosenReferenceId }), {
        field: 'merchantTransactionId',
      });
    }
    const referenceId = chosenReferenceId ?? this.#newReferenceId();
    const intent: MutableIntent<Body, Outcome> = {
      id: randomUUID(),
      referenceId,
      body: Object.freeze(structuredClone(body)) as Body,
      state: 'confirmed',
      outcome: null,
      error: null,
      attempts: 0,
      closure: null,
    };
    this.#intents.set(intent.id, intent);
    this.#forgetOld();
    return this.#snapshot(intent);
  }

  get(id: string): Intent<Body, Outcome> {
    return this.#snapshot(this.#require(id));
  }

  /** Whether any intent this ledger holds, settled or not, has this reference id. */
  knows(referenceId: string): boolean {
    return [...this.#intents.values()].some((intent) => intent.referenceId === referenceId);
  }

  /** Intents waiting for a reconciliation, oldest first. */
  unknown(): Intent<Body, Outcome>[] {
    return [...this.#intents.values()].filter((intent) => intent.state === 'unknown').map((i) => this.#snapshot(i));
  }

  /**
   * Intents whose request may have moved money without the app knowing yet: unknown ones, and those still
   * in flight (a lock or a reload can hide a pending request from the user, who might then pay again).
   * This is what a new intent must be warned about and what the unresolved lists show (security.md 27).
   */
  unsettled(): Intent<Body, Outcome>[] {
    return [...this.#intents.values()]
      .filter((intent) => intent.state === 'unknown' || intent.state === 'in-flight')
      .map((i) => this.#snapshot(i));
  }

  /** Intents a person closed as "did not go through", oldest first: still looked up, never sent. */
  closed(): Intent<Body, Outcome>[] {
    return [...this.#intents.values()].filter((intent) => intent.state === 'closed').map((i) => this.#snapshot(i));
  }

  /**
   * A person decided that these unknown intents did not go through. All or none: every id must be
   * unknown now (one in flight may still be answered; a settled one needs no decision), then all are
   * closed and written down in one save. A failed save undoes them, so no closure exists only in memory.
   */
  async close(ids: readonly string[], closure: IntentClosure): Promise<Intent<Body, Outcome>[]> {
    const intents = ids.map((id) => this.#require(id));
    for (const intent of intents) {
      switch (intent.state) {
        case 'unknown':
          break;
        case 'in-flight':
          throw new AppError('in_flight', t('mainMoney.stillSendingNoClose'));
        case 'closed':
        case 'succeeded':
        case 'refused':
        case 'confirmed':
        case 'cancelled':
          throw new AppError('stale_precheck', t('mainMoney.onlyUnknownClose'));
      }
    }
    const before = intents.map((intent) => ({ intent, error: intent.error }));
    for (const intent of intents) {
      intent.state = 'closed';
      intent.error = null;
      intent.closure = closure;
    }
    try {
      await this.#save();
    } catch (cause) {
      for (const { intent, error } of before) {
        // A look-up that found one during the save settled it as moved: that stands, only the closing goes.
        if (intent.state !== 'closed') continue;
        intent.state = 'unknown';
        intent.error = error;
        intent.closure = null;
      }
      await this.#saveQuietly();
      if (cause instanceof AppError && cause.code === 'storage_failed') throw cause;
      throw new AppError('storage_failed', t('mainMoney.closeNotWritten'), { cause });
    }
    return intents.map((intent) => this.#snapshot(intent));
  }

  /**
   * Submits the intent's frozen body under its reference id. Succeeded intents return their stored
   * outcome without a request; in-flight and unknown ones are refused.
   */
  async submit(id: string, send: (body: Body, referenceId: string) => Promise<Outcome>): Promise<Outcome> {
    const intent = this.#require(id);
    switch (intent.state) {
      case 'succeeded':
        return intent.outcome as Outcome;
      case 'in-flight':
        throw new AppError('in_flight', t('mainMoney.alreadySending'));
      case 'unknown':
        throw new AppError('outcome_unknown', t('mainMoney.earlierUnknown'));
      case 'cancelled':
        throw new AppError('stale_precheck', t('mainMoney.replacedBeforeSent'));
      case 'closed':
        throw new AppError('stale_precheck', t('mainMoney.closedNeverSent'));
      case 'confirmed':
      case 'refused':
        break;
    }
    const before = { state: intent.state, error: intent.error };
    intent.state = 'in-flight';
    intent.attempts += 1;
    intent.error = null;
    // Written ahead: if the app dies while the request is out, the next run knows to reconcile it. A
    // request that could not be written down does not leave.
    try {
      await this.#save();
    } catch (cause) {
      intent.state = before.state;
      intent.error = before.error;
      intent.attempts -= 1;
      await this.#saveQuietly();
      if (cause instanceof AppError && cause.code === 'storage_failed') throw cause;
      throw new AppError('storage_failed', t('mainMoney.notWrittenNotSent'), { cause });
    }
    try {
      const outcome = await send(intent.body, intent.referenceId);
      intent.state = 'succeeded';
      intent.outcome = outcome;
      await this.#saveQuietly();
      return outcome;
    } catch (error) {
      const appError =
        error instanceof AppError ? error : new AppError('outcome_unknown', t('mainMoney.unclearAnswer'));
      intent.state = isNothingMovedRefusal(appError) ? 'refused' : 'unknown';
      intent.error = intent.state === 'unknown' ? unknownOutcome() : appError.toBridgeError();
      await this.#saveQuietly();
      if (intent.state === 'unknown') {
        throw new AppError('outcome_unknown', intent.error.message);
      }
      throw appError;
    }
  }

  /**
   * Gives up an intent that cannot have moved money: one never sent, or one the service refused. One in
   * flight or with an unknown outcome may have moved money and is never wished away (security.md 27); a
   * settled one is returned as it is.
   */
  cancel(id: string): Intent<Body, Outcome> {
    const intent = this.#require(id);
    switch (intent.state) {
      case 'confirmed':
      case 'refused':
        intent.state = 'cancelled';
        intent.error = null;
        break;
      case 'in-flight':
        throw new AppError('in_flight', t('mainMoney.sendingNoCancel'));
      case 'unknown':
        throw new AppError('outcome_unknown', t('mainMoney.unknownNoCancel'));
      case 'succeeded':
      case 'cancelled':
      case 'closed':
        break;
    }
    return this.#snapshot(intent);
  }

  /**
   * Records what a look-up at the service found for an intent whose outcome was unknown. Only a found
   * transaction settles it. Nothing found keeps it unknown: the service may still commit it, or may not
   * show it where the app looked (security.md 27), so it never becomes retryable this way. A closed intent
   * is looked up too: found, it went through after all and settles as moved, keeping its closure so the
   * caller can raise the alarm (security.md 36); not found, it stays closed.
   */
  async reconcile(id: string, found: Outcome | null): Promise<Intent<Body, Outcome>> {
    const intent = this.#require(id);
    if (intent.state !== 'unknown' && intent.state !== 'closed') return this.#snapshot(intent);
    if (found === null) {
      if (intent.state === 'unknown') intent.error = notFoundYet();
      return this.#snapshot(intent);
    }
    intent.state = 'succeeded';
    intent.outcome = found;
    intent.error = null;
    await this.#saveQuietly();
    return this.#snapshot(intent);
  }

  /**
   * What a look-up found before a refused intent is sent again (security.md 39): a service may commit and
   * still answer with a refusal. The move itself settles it as moved; a trace that is not the completed move
   * (a pending or failed row) makes its outcome unknown, never sendable again. Any other state is kept.
   */
  async traced(id: string, found: Outcome | null, note: BridgeError): Promise<Intent<Body, Outcome>> {
    const intent = this.#require(id);
    if (intent.state !== 'refused') return this.#snapshot(intent);
    if (found === null) {
      intent.state = 'unknown';
      intent.error = note;
    } else {
      intent.state = 'succeeded';
      intent.outcome = found;
      intent.error = null;
    }
    await this.#saveQuietly();
    return this.#snapshot(intent);
  }

  /**
   * Writes the unresolved set again though no state changed: what the persister adds beside an intent
   * (its awaiting mark) changed. Quietly, as after a request: the intent itself is already written.
   */
  async rewrite(): Promise<void> {
    await this.#saveQuietly();
  }

  async #save(): Promise<void> {
    if (!this.#persist) return;
    const unresolved = [...this.#intents.values()]
      .filter((intent) => intent.state === 'in-flight' || intent.state === 'unknown' || intent.state === 'closed')
      .map((intent) => this.#snapshot(intent));
    await this.#persist(unresolved);
  }

  /** After the request: the answer is already in memory and on screen, so a failed write must not hide it. */
  async #saveQuietly(): Promise<void> {
    try {
      await this.#save();
    } catch {
      // The persister logged it; the next successful save writes the whole set again.
    }
  }

  #require(id: string): MutableIntent<Body, Outcome> {
    const intent = this.#intents.get(id);
    if (!intent) throw new AppError('not_found', t('mainMoney.noLongerKnown'));
    return intent;
  }

  #snapshot(intent: MutableIntent<Body, Outcome>): Intent<Body, Outcome> {
    return { ...intent };
  }

  #forgetOld(): void {
    if (this.#intents.size <= this.#keep) return;
    for (const [id, intent] of this.#intents) {
      if (this.#intents.size <= this.#keep) break;
      if (intent.state === 'succeeded' || intent.state === 'refused' || intent.state === 'cancelled')
        this.#intents.delete(id);
    }
  }
}
