import type { SandboxState } from '../data/state';
import type { SandboxInfo } from './router';

/** GET /__sandbox/info and RunningSandbox.info(): everything a test or a developer needs to sign in. */
export function buildInfo(
  state: SandboxState,
  urls: { issuer: string; clientId: string; origin: string },
  merchants: () => SandboxInfo['merchants'],
): SandboxInfo {
  return {
    issuer: urls.issuer,
    clientId: urls.clientId,
    baseUrl: urls.origin,
    apiUrl: urls.origin,
    users: state.world.users.map((u) => ({
      username: u.username,
      password: u.password,
      totpSecret: u.totpSecret,
      userGuid: u.userGuid,
      name: u.name,
      email: u.email,
      accounts: u.memberships.flatMap((m) => {
        const account = state.account(m.accountGuid);
        if (!account) return [];
        const { guid, name, isPersonalAccount, callbackSecret } = account.seed;
        return [{ guid, name, role: m.role, isPersonalAccount, callbackSecret }];
      }),
    })),
    merchants: merchants(),
  };
}
