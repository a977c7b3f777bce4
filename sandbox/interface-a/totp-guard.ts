import { verify } from 'otplib';
import type { UserSeed } from '../data/identities';
import type { SandboxState } from '../data/state';

const PERIOD_SECONDS = 30;

/**
 * Checks the TFA header as an RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of the user's secret and accepts each
 * time step once per user (RFC 6238 5.2), so a replayed code is refused.
 */
export class TotpGuard {
  readonly #state: SandboxState;
  readonly #windowSteps: number;

  /** windowSteps: how many steps before and after now are accepted for clock drift (README). */
  constructor(state: SandboxState, windowSteps: number) {
    this.#state = state;
    this.#windowSteps = windowSteps;
  }

  async accept(user: UserSeed, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const result = await verify({
      secret: user.totpSecret,
      token: code,
      period: PERIOD_SECONDS,
      epochTolerance: this.#windowSteps * PERIOD_SECONDS,
    });
    if (!result.valid || !('timeStep' in result)) return false;
    const used = this.#state.world.usedTotpSteps;
    let steps = used.get(user.userGuid);
    if (!steps) {
      steps = new Set();
      used.set(user.userGuid, steps);
    }
    if (steps.has(result.timeStep)) return false;
    steps.add(result.timeStep);
    return true;
  }
}
