import type Provider from 'oidc-provider';

/**
 * The grants each user consented to. oidc-provider's memory adapter cannot list grants by account, and the
 * control API needs that to revoke a user's refresh tokens ("a revoked refresh token returns to sign-in").
 */
export class GrantRegistry {
  readonly #provider: Provider;
  readonly #byUser = new Map<string, Set<string>>();

  constructor(provider: Provider) {
    this.#provider = provider;
  }

  add(userGuid: string, grantId: string): void {
    const set = this.#byUser.get(userGuid) ?? new Set<string>();
    set.add(grantId);
    this.#byUser.set(userGuid, set);
  }

  /** Destroys the grants with their access tokens, refresh tokens and codes; returns how many. */
  async revokeAll(userGuid: string): Promise<number> {
    const ids = [...(this.#byUser.get(userGuid) ?? [])];
    const p = this.#provider;
    for (const id of ids) {
      await Promise.all([
        p.AccessToken.revokeByGrantId(id),
        p.RefreshToken.revokeByGrantId(id),
        p.AuthorizationCode.revokeByGrantId(id),
      ]);
      const grant = await p.Grant.find(id);
      await grant?.destroy();
    }
    this.#byUser.delete(userGuid);
    return ids.length;
  }
}
