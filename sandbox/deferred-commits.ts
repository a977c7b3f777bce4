/**
 * Money movements accepted now whose effect lands later (faults `lateCommitNext`, `unexpectedAnswerNext`
 * with commit 'late'): after a delay, or, under `holdLateCommits`, when the test releases them. Kept in
 * one place so a reset or close of the sandbox cancels them: an effect scheduled against the state before
 * a reset must not land in the fresh one.
 */
export class DeferredCommits {
  readonly #timers = new Set<NodeJS.Timeout>();
  #held: Array<{ label: string; commit: () => void }> = [];
  #waiters: Array<() => void> = [];
  readonly #log: (line: string) => void;

  constructor(log: (line: string) => void = () => undefined) {
    this.#log = log;
  }

  /** How many accepted movements have not landed yet, timed or held. */
  get pending(): number {
    return this.#timers.size + this.#held.length;
  }

  schedule(delayMs: number, label: string, commit: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#land(label, commit);
      this.#wakeIfIdle();
    }, delayMs);
    // A pending commit must not keep a test process or the CLI alive on its own.
    timer.unref();
    this.#timers.add(timer);
  }

  /** Keeps the effect until `release()`, however long that takes. */
  hold(label: string, commit: () => void): void {
    this.#held.push({ label, commit });
    this.#log(`${label}: late commit held until released`);
  }

  /** Lands every held effect now, in the order they were accepted; returns how many landed or failed. */
  release(): number {
    const held = this.#held;
    this.#held = [];
    for (const { label, commit } of held) this.#land(label, commit);
    this.#wakeIfIdle();
    return held.length;
  }

  /**
   * Forgets every held effect without landing it (a faults reset); timed ones still land on their own.
   * Returns how many were dropped.
   */
  dropHeld(): number {
    const held = this.#held;
    this.#held = [];
    for (const { label } of held) this.#log(`${label}: held late commit dropped by a faults reset`);
    this.#wakeIfIdle();
    return held.length;
  }

  /** Resolves once nothing is pending (at once if nothing is); a held effect is pending until released. */
  settled(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  cancelAll(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#held = [];
    this.#wakeIfIdle();
  }

  #land(label: string, commit: () => void): void {
    try {
      commit();
      this.#log(`${label}: late commit landed`);
    } catch (error) {
      // Nothing waits for an answer any more; the log is the only place a failure can go.
      this.#log(`${label}: late commit failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #wakeIfIdle(): void {
    if (this.pending > 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
