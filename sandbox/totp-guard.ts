import { verifySync } from 'otplib';

const PERIOD_SECONDS = 30;

/**
 * Two-factor codes of both interfaces: RFC 6238 (SHA-1, 6 digits, 30 s) of the owner's secret, with
 * `windowSteps` steps of clock drift either way (sandbox README), and each time step accepted once per
 * owner (RFC 6238 5.2) so a replayed code is refused.
 */
export class TotpGuard {
  readonly #windowSteps: number;
  /** Where accepted steps are kept: a reset of the sandbox hands a fresh map. */
  readonly #usedSteps: () => Map<string, Set<number>>;

  constructor(windowSteps: number, usedSteps: () => Map<string, Set<number>>) {
    this.#windowSteps = windowSteps;
    this.#usedSteps = usedSteps;
  }

  /** True if the code is valid now and not used before; a true answer consumes its time step. */
  consume(owner: string, secret: string, code: string): boolean {
    if (!/^\d{6}$/.test(code)) return false;
    const result = verifySync({
      secret,
      token: code,
      period: PERIOD_SECONDS,
      epochTolerance: this.#windowSteps * PERIOD_SECONDS,
    });
    // The functional API also types HOTP results; only a TOTP result carries the time step.
    if (!result.valid || !('timeStep' in result)) return false;
    const usedByOwner = this.#usedSteps();
    const used = usedByOwner.get(owner) ?? new Set<number>();
    if (used.has(result.timeStep)) return false;
    used.add(result.timeStep);
    // Steps older than the drift window can never verify again, so they need not be kept.
    for (const step of used) if (step < result.timeStep - 2 * this.#windowSteps) used.delete(step);
    usedByOwner.set(owner, used);
    return true;
  }
}
