import { base32 } from '@scure/base';
import type { Prng } from './prng';

/** Roles of spec 4.1/5.1; Viewer is the sandbox's example of a role that may not send or swap. */
export type Role = 'MerchantAdministrator' | 'Agent' | 'Viewer';
export const MONEY_MOVING_ROLES: ReadonlySet<Role> = new Set(['MerchantAdministrator', 'Agent']);

export interface AccountSeed {
  guid: string;
  name: string;
  isPersonalAccount: boolean;
  merchantGuid: string;
  /**
   * Key that signs deposit callbacks of addresses created through Interface A (spec 6 leaves open how;
   * the sandbox signs them like Interface B, with this per-account key; README).
   */
  callbackSecret: string;
  /** How much history this account starts with. */
  historyRecords: number;
  /** Rough USD value of each seeded wallet. */
  walletUsdRange: [number, number];
}

export interface Membership {
  accountGuid: string;
  role: Role;
}

export interface UserSeed {
  userGuid: string;
  username: string;
  password: string;
  name: string;
  email: string;
  /** RFC 4648 base32, no padding: what an authenticator app is given. */
  totpSecret: string;
  memberships: Membership[];
}

export interface Identities {
  accounts: AccountSeed[];
  users: UserSeed[];
}

/** The account with the large history (spec: at least 20,000 records on one account); `historyRecords` changes it. */
export const HISTORY_RECORDS_ON_MAIN_ACCOUNT = 20_000;

/** How many seeded history records the large-history account may be given (row references are 32-bit). */
export const MAX_HISTORY_RECORDS = 10_000_000;

/** `mainHistoryRecords` only sets a count: every identity, key and balance stays what the seed makes it. */
export function seedIdentities(prng: Prng, mainHistoryRecords = HISTORY_RECORDS_ON_MAIN_ACCOUNT): Identities {
  const account = (
    name: string,
    isPersonalAccount: boolean,
    historyRecords: number,
    walletUsdRange: [number, number],
  ): AccountSeed => ({
    guid: prng.guid(),
    name,
    isPersonalAccount,
    merchantGuid: prng.guid(),
    callbackSecret: `cb_sbx_${prng.hex(24)}`,
    historyRecords,
    walletUsdRange,
  });
  const trading = account('Alice Trading Ltd', false, mainHistoryRecords, [2_000, 80_000]);
  const northwind = account('Northwind Payments', false, 240, [500, 20_000]);
  const alicePersonal = account('Alice Liddell (personal)', true, 60, [50, 3_000]);
  const carolPersonal = account('Carol Danvers (personal)', true, 120, [100, 8_000]);

  const user = (username: string, name: string, memberships: Membership[]): UserSeed => ({
    userGuid: prng.guid(),
    username,
    password: `${username}-${prng.hex(4)}`,
    name,
    email: `${username}@example.test`,
    totpSecret: base32.encode(prng.bytes(20)),
    memberships,
  });

  return {
    accounts: [trading, northwind, alicePersonal, carolPersonal],
    users: [
      user('alice', 'Alice Liddell', [
        { accountGuid: trading.guid, role: 'MerchantAdministrator' },
        { accountGuid: northwind.guid, role: 'Agent' },
        { accountGuid: alicePersonal.guid, role: 'MerchantAdministrator' },
      ]),
      user('bob', 'Bob Marley', [{ accountGuid: northwind.guid, role: 'Viewer' }]),
      user('carol', 'Carol Danvers', [{ accountGuid: carolPersonal.guid, role: 'MerchantAdministrator' }]),
    ],
  };
}
