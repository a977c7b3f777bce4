import type { JournalRecoveryView } from '../../src-preload/contract/journal';
import type { Handlers } from '../dispatch';
import type { MoneyJournal } from './money-journal';
import type { JournalRecovery, RecoveredMove } from './recovery-report';

/** What the handlers need of the session: who is signed in (it refuses while locked or signed out), and their accounts. */
export interface JournalSession {
  activeUser(): { readonly userGuid: string };
  view(): { readonly accounts: readonly { readonly guid: string }[] };
}

type JournalHandlers = Pick<Handlers, 'journal.recovery' | 'journal.acknowledgeRecovery'>;

/**
 * The recovery report of a damaged money journal and its acknowledgement (security.md 35). Gated like the
 * unsettled lists: unlocked and signed in, and each recovered move shown to its owner only; the moves
 * that could not be read belong to no one known, so everyone sees them.
 */
export function createJournalHandlers(deps: { journal: MoneyJournal; session: JournalSession }): JournalHandlers {
  return {
    'journal.recovery': async () => {
      const user = deps.session.activeUser();
      const recovery = deps.journal.recovery();
      if (!recovery) return null;
      const accounts = new Set(deps.session.view().accounts.map((account) => account.guid));
      return viewOf(recovery, (move) => ownedBy(move, user.userGuid, accounts));
    },
    'journal.acknowledgeRecovery': async () => {
      deps.session.activeUser();
      await deps.journal.acknowledgeRecovery();
      return null;
    },
  };
}

/** A withdrawal of an earlier version names no user: like the unsettled lists, everyone sees it. */
function ownedBy(move: RecoveredMove, userGuid: string, accounts: ReadonlySet<string>): boolean {
  if (move.accountGuid !== null) return accounts.has(move.accountGuid);
  return move.userGuid === null || move.userGuid === userGuid;
}

function viewOf(recovery: JournalRecovery, isOwn: (move: RecoveredMove) => boolean): JournalRecoveryView {
  const own = recovery.recovered.filter(isOwn);
  return {
    cause: recovery.cause,
    detectedAtMs: recovery.detectedAtMs,
    previousGenerationUsed: recovery.previousGenerationUsed,
    recovered: own.map(({ kind, referenceId, amount, asset, destination }) => ({
      kind,
      referenceId,
      amount,
      asset,
      destination,
    })),
    unreadable: recovery.unreadable,
    othersRecovered: recovery.recovered.length - own.length,
    damagedCopy: recovery.damagedCopy,
  };
}
