/**
 * Money movements accepted now whose effect lands later (faults `lateCommitNext`, `unexpectedAnswerNext`
 * with commit 'late'). Kept in one place so a reset or close of the sandbox cancels them: an effect
 * scheduled against the state before a reset must not land in the fresh one.
 */
export class DeferredCommits {
  readonly #timers = new Set<NodeJS.Timeout>();
  #waiters: Array<() => void> = [];
  readonly #log: (line: string) => void;

  constructor(log: (line: string) => void = () => undefined) {
    this.#log = log;
  }

  /** How many accepted movements have not landed yet. */
  get pending(): number {
    return this.#timers.size;
  }

  schedule(delayMs: number, label: string, commit: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      try {
        commit();
        this.#log(`${label}: late commit landed`);
      } catch (error) {
        // A timer has no request to answer; the log is the only place a failure can go.
        this.#log(`${label}: late commit failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.#wakeIfIdle();
    }, delayMs);
    // A pending commit must not keep a test process or the CLI alive on its own.
    timer.unref();
    this.#timers.add(timer);
  }

  /** Resolves once nothing is pending (at once if nothing is). */
  settled(): Promise<void> {
    if (this.#timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  cancelAll(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#wakeIfIdle();
  }

  #wakeIfIdle(): void {
    if (this.#timers.size > 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
