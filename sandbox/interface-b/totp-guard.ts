import { verifySync } from 'otplib';

const PERIOD_SECONDS = 30;

/**
 * RFC 6238 codes with one step of clock drift either way; RFC 6238 §5.2: a code that has been accepted
 * once is never accepted again. Accepted time steps are remembered per merchant.
 */
export class TotpGuard {
  readonly #used = new Map<string, Set<number>>();

  /** True if the code is valid now and not used before; a true answer consumes it. */
  consume(owner: string, secret: string, code: string): boolean {
    if (!/^\d{6}$/.test(code)) return false;
    const result = verifySync({ secret, token: code, epochTolerance: PERIOD_SECONDS });
    // The functional API also types HOTP results; only a TOTP result carries the time step.
    if (!result.valid || !('timeStep' in result)) return false;
    const used = this.#used.get(owner) ?? new Set<number>();
    if (used.has(result.timeStep)) return false;
    used.add(result.timeStep);
    // Steps older than the tolerance window can never verify again, so they need not be kept.
    for (const step of used) if (step < result.timeStep - 2) used.delete(step);
    this.#used.set(owner, used);
    return true;
  }
}
