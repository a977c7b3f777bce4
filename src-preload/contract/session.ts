import { z } from 'zod';
import { PlainText } from './text';
import { KeychainStatus } from './app';
import { operation } from './define';

export const SessionStatus = z.enum(['signed-out', 'signing-in', 'signed-in', 'locked']);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** An account the signed-in user may act for. canMoveMoney: the role may send and swap (spec 5.1). */
export const SessionAccount = z.object({
  guid: z.string(),
  name: z.string(),
  role: z.string(),
  isPersonalAccount: z.boolean(),
  canMoveMoney: z.boolean(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

/**
 * Everything the renderer learns about the session: who is signed in and which account is active.
 * Never a token. While locked only the user's name stays, for the lock screen.
 */
export const SessionView = z.object({
  status: SessionStatus,
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
  accounts: z.array(SessionAccount),
  activeAccountGuid: z.string().nullable(),
  /** unavailable: the session lasts for this run only (security 20). */
  keychain: KeychainStatus,
  /** Why the app is signed out or what went wrong last, in words for the user. */
  problem: z.string().optional(),
  /**
   * Set while signed out because the stored session could not be restored for want of the service (not
   * because it ended): the session is kept, session.retryRestore tries again.
   */
  restoreFailed: z.literal('unreachable').optional(),
  /**
   * How many seconds the computer's clock is ahead of the service's (negative: behind), set only when it is
   * off by more than a minute: two-factor codes from an authenticator on this computer may be refused.
   */
  clockAheadSeconds: z.number().int().optional(),
});
export type SessionView = z.infer<typeof SessionView>;

/** The profile of the active account (GET /accounts). */
export const ProfileView = z.object({
  name: z.string(),
  email: z.string(),
  role: z.string(),
  canMoveMoney: z.boolean(),
  connectedAccounts: z.array(SessionAccount),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const sessionOperations = {
  'session.get': operation(z.void(), SessionView),
  /** Opens the system browser and resolves when the sign-in completes, fails or is cancelled. */
  'session.signIn': operation(z.void(), SessionView),
  'session.cancelSignIn': operation(z.void(), SessionView),
  /** Tries again to restore the stored session after the service could not be reached (restoreFailed). */
  'session.retryRestore': operation(z.void(), SessionView),
  'session.signOut': operation(z.void(), SessionView),
  /** Hides all data until the same user signs in again (idle lock or "Lock now"). */
  'session.lock': operation(z.void(), SessionView),
  /** Sign-in again in the system browser with prompt=login; the same user is required. */
  'session.unlock': operation(z.void(), SessionView),
  'session.switchAccount': operation(z.object({ accountGuid: PlainText().min(1).max(100) }).strict(), SessionView),
  'session.profile': operation(z.void(), ProfileView),
} as const;

export const sessionEvents = {
  'session.changed': SessionView,
} as const;
