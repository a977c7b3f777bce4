import { z } from 'zod';

/**
 * How forgiving the sandbox is. `kind` is the sandbox as it always was: duplicates are recognised, a
 * refused request keeps its two-factor code, refusals use the spec's codes. `strict` plays a service that
 * does none of that (README "Service profiles"), so the app's money-safety is proven against the worst the
 * spec allows rather than against our own courtesy.
 */
export const ServiceProfile = z.enum(['kind', 'strict']);
export type ServiceProfile = z.infer<typeof ServiceProfile>;

/** Body of POST /__sandbox/profile. */
export const ProfileSwitchInput = z.object({ profile: ServiceProfile }).strict();

/** The current profile, switchable at run time; `reset()` goes back to the one given at start. */
export class ProfileSwitch {
  readonly initial: ServiceProfile;
  #current: ServiceProfile;

  constructor(initial: ServiceProfile = 'kind') {
    this.initial = initial;
    this.#current = initial;
  }

  get current(): ServiceProfile {
    return this.#current;
  }

  get strict(): boolean {
    return this.#current === 'strict';
  }

  set(profile: ServiceProfile): ServiceProfile {
    this.#current = ServiceProfile.parse(profile);
    return this.#current;
  }

  reset(): void {
    this.#current = this.initial;
  }
}
