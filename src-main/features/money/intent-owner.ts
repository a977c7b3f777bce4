import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { SessionService } from '../session';
import type { Intent } from './at-most-once';

/** Who asks about an intent: the signed-in user and their accounts. */
export interface IntentReader {
  readonly userGuid: string;
  readonly accountGuids: ReadonlySet<string>;
}

/** What an intent records of its owner: the account it moves money of and the user who confirmed it. */
export interface OwnedBody {
  readonly accountGuid: string;
  /** Absent for an intent an earlier version journaled before owners were recorded. */
  readonly userGuid?: string | undefined;
}

/**
 * The user asking, for a read or a write of an intent: refused while locked or signed out, as every write
 * is (security.md 40). Throws locked or not_signed_in in words.
 */
export function intentReader(session: Pick<SessionService, 'activeUser' | 'view'>): IntentReader {
  const { userGuid } = session.activeUser();
  return { userGuid, accountGuids: new Set(session.view().accounts.map((account) => account.guid)) };
}

/**
 * Whether the intent is the reader's own: the user who confirmed it, in an account that is still theirs. One
 * an earlier version journaled without its owner belongs to whoever holds its account: the safe side, since
 * hiding it could let that account pay it again unwarned (security.md 27).
 */
export function ownsIntent(reader: IntentReader, body: OwnedBody): boolean {
  if (!reader.accountGuids.has(body.accountGuid)) return false;
  return body.userGuid === undefined || body.userGuid === reader.userGuid;
}

/**
 * The intent when it is the reader's own; otherwise the same not_found a forgotten intent gets, so an id of
 * another user's move tells nothing about it (security.md 40).
 */
export function requireOwn<Body extends OwnedBody, Outcome>(
  reader: IntentReader,
  intent: Intent<Body, Outcome>,
): Intent<Body, Outcome> {
  if (!ownsIntent(reader, intent.body)) {
    throw new AppError('not_found', t('mainMoney.noLongerKnown'));
  }
  return intent;
}
