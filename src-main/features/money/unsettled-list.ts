import { t } from '../../i18n/main-text';
import type { Intent } from './at-most-once';
import type { IntentAudience } from './intent-machine';
import { ownsIntent, type OwnedBody } from './intent-owner';

/** The signed-in user's accounts, and which is active: whose unsettled intents the user must see. */
export interface UserAccounts {
  /** The signed-in user: only their own intents are shown to them or warn them (security.md 40). */
  readonly userGuid: string;
  readonly accounts: readonly { readonly guid: string; readonly name: string }[];
  readonly activeAccountGuid: string;
}

/**
 * The user's intents that may have moved money without the app knowing yet — answer lost or request
 * still out (the machine's unsettled ones) — with what the user was shown for each, oldest first, in every
 * account of the user: switching accounts must not hide one. A lock or a reload empties
 * the window while a request is out, so these lists are where the user sees them again (security.md 27).
 * accountName is null for the active account. Reviews of intents the ledger has forgotten are dropped.
 */
export function unsettledWithReviews<Body extends { accountGuid: string }, Outcome, Review, Status>(
  machine: {
    get(intentId: string): Intent<Body, Outcome>;
    unsettled(audience: IntentAudience<Body, Outcome>): Intent<Body, Outcome>[];
  },
  reviews: Map<string, Review>,
  user: UserAccounts,
  audience: IntentAudience<Body, Outcome>,
  statusOf: (intent: Intent<Body, Outcome>) => Status,
): { review: Review; status: Status; accountName: string | null }[] {
  for (const intentId of reviews.keys()) {
    try {
      machine.get(intentId);
    } catch {
      reviews.delete(intentId);
    }
  }
  return machine.unsettled(audience).flatMap((intent) => {
    const review = reviews.get(intent.id);
    return review !== undefined
      ? [{ review, status: statusOf(intent), accountName: otherAccountName(user, intent.body.accountGuid) }]
      : [];
  });
}

/**
 * The user's own intents in any of their accounts, named as `describe` says: who a send or swap warns, and
 * what their lists show. Another user's move in a shared account is theirs to see (security.md 40).
 */
export function userAudience<Body extends OwnedBody, Outcome>(
  user: Pick<UserAccounts, 'accounts' | 'userGuid'>,
  describe: (intent: Intent<Body, Outcome>) => string,
): IntentAudience<Body, Outcome> {
  const reader = { userGuid: user.userGuid, accountGuids: new Set(user.accounts.map((account) => account.guid)) };
  return { includes: (intent) => ownsIntent(reader, intent.body), describe };
}

/** The name of an intent's account when it is not the active one (null for the active one). */
export function otherAccountName(user: UserAccounts, accountGuid: string): string | null {
  if (accountGuid === user.activeAccountGuid) return null;
  return user.accounts.find((account) => account.guid === accountGuid)?.name ?? t('mainMoney.anotherAccount');
}

/** How an unsettled intent is named in a warning: one still out is said to be so (a message's select). */
export function stillOut(intent: Pick<Intent<unknown, unknown>, 'state'>): 'yes' | 'no' {
  return intent.state === 'in-flight' ? 'yes' : 'no';
}

/** Appends the account to an intent's words when it is not the active one. */
export function inAccount(user: UserAccounts, accountGuid: string, words: string): string {
  const name = otherAccountName(user, accountGuid);
  return name === null ? words : t('mainMoney.inOtherAccount', { what: words, account: name });
}
