import type { AccountSeed } from '../data/identities';
import type { SandboxState } from '../data/state';
import type { ProfileSwitch } from '../profile';
import type { ReadingSwitch } from '../interface-b/readings';
import type { SandboxInfo } from './router';

type MerchantIdentity = Omit<SandboxInfo['merchants'][number], 'linkedAccount'>;

/** GET /__sandbox/info and RunningSandbox.info(): everything a test or a developer needs to sign in. */
export function buildInfo(
  state: SandboxState,
  urls: { issuer: string; clientId: string; origin: string },
  merchants: { list: () => MerchantIdentity[]; links: ReadonlyMap<string, AccountSeed> },
  profile: ProfileSwitch,
  readings: ReadingSwitch,
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
    merchants: merchants.list().map((m) => {
      const account = merchants.links.get(m.publicKey);
      return {
        ...m,
        linkedAccount: account ? { guid: account.guid, name: account.name, merchantGuid: account.merchantGuid } : null,
      };
    }),
    profile: profile.current,
    startProfile: profile.initial,
    readings: { ...readings.current },
    startReadings: { ...readings.initial },
  };
}
