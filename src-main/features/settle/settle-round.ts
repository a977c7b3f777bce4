import type { SettledMove, SettleRoundResult } from '../../../src-preload/contract/settle';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { TransactionsResult } from '../../service/interface-a-schemas';
import type { SessionService } from '../session';
import type { HistoryPage, SettleSource } from '../money/settle-source';
import { accountsToRead, groupCandidates, pageReaches } from './settle-plan';

/**
 * How many of an account's newest rows one round reads, of every wallet in one page. A move the round
 * looks for is normally minutes old (the round runs every 30 s while one is unknown), and 200 rows hold
 * several days of a busy desk's moves and each swap's two legs, while the page stays a few hundred kB.
 * A move older than the page reaches stays unknown: a send or withdrawal not on the page is simply not
 * found (its "Check status" searches by reference), and a swap is not matched at all unless the page
 * reaches back past its window (settle-plan.ts, pageReaches), since a row cut off could be its rival.
 */
export const ROUND_RECORDS = 200;

export interface SettleRoundDeps {
  readonly session: Pick<SessionService, 'activeUser' | 'view' | 'interfaceAFor'>;
  readonly sources: readonly SettleSource[];
  readonly logger: Logger;
  /** Tells the window which moves settled, so the lists and stores showing them update at once. */
  readonly publish: (settled: readonly SettledMove[]) => void;
  /**
   * False: a round looks at nothing and counts no move unknown, so the window stops asking. Only for the
   * test harness's stories that hold a lost move on screen until they check it themselves. Default true.
   */
  readonly enabled?: boolean;
}

/**
 * The background settle round: the signed-in user's unknown sends, swaps and withdrawals, and those a person
 * closed (found, they raise the alarm: security.md 36), grouped by the
 * account whose history would show them; one history page per account (ROUND_RECORDS, newest first),
 * never one per move; each move matched against its account's page by its feature's own rules and settled
 * through its intent machine when found completed. Not found changes nothing (security.md 27) and nothing is
 * ever sent (security.md 29). Main has no timer here: the renderer asks on the polling rule
 * (src-renderer/src/hooks/use-polling.ts, rule 5). A round asked for while one runs joins it, so rounds
 * never overlap. Refused while locked or signed out, like every money read (security.md 40).
 */
export function createSettleRound(deps: SettleRoundDeps) {
  let running: Promise<SettleRoundResult> | null = null;

  function candidatesBySource() {
    return deps.sources.map((source) => ({ source, candidates: source.candidates() }));
  }

  async function readPage(accountGuid: string): Promise<TransactionsResult> {
    const result = await deps.session
      .interfaceAFor(accountGuid)
      .getTransactions({ page: 1, recordsPerPage: ROUND_RECORDS, orderBy: 'date', sortOrder: 'desc' });
    // An empty page from a service that counts records it did not send is no latest page (a flaky answer).
    if (result.page !== 1 || (result.items.length === 0 && result.totalRecords > 0)) {
      throw new AppError('service_error', t('mainFeatures.noFirstPage'));
    }
    return result;
  }

  async function run(): Promise<SettleRoundResult> {
    const { userGuid } = deps.session.activeUser();
    const accounts = deps.session.view().accounts.map((account) => account.guid);
    const bySource = candidatesBySource();
    const groups = groupCandidates(bySource, accounts);
    const toRead = accountsToRead(groups);
    const pages = await Promise.all(
      toRead.map(async (accountGuid) => {
        try {
          return { accountGuid, result: await readPage(accountGuid) };
        } catch (error) {
          deps.logger.warn('a settle round could not read an account history', {
            error: error instanceof AppError ? error.code : 'unknown',
          });
          return { accountGuid, result: null };
        }
      }),
    );
    // Locked, signed out or someone else meanwhile: what was read belongs to a session that is gone.
    if (deps.session.activeUser().userGuid !== userGuid) {
      throw new AppError('locked', t('mainSession.locked'));
    }
    const settled: SettledMove[] = [];
    for (const { accountGuid, result } of pages) {
      if (result === null) continue;
      const page: HistoryPage = { accountGuid, items: result.items };
      for (const { source, candidate } of groups.get(accountGuid) ?? []) {
        if (settled.some((move) => move.intentId === candidate.intentId)) continue;
        if (candidate.needsRowsSinceMs !== null && !pageReaches(result, candidate.needsRowsSinceMs)) {
          continue;
        }
        if (await source.settleFrom(candidate.intentId, page)) {
          settled.push({ kind: source.kind, intentId: candidate.intentId });
        }
      }
    }
    const remaining = candidatesBySource().reduce((sum, entry) => sum + entry.candidates.length, 0);
    const unread = pages.filter((page) => page.result === null).length;
    deps.logger.info('settle round', { accounts: toRead.length, unread, settled: settled.length, remaining });
    if (settled.length > 0) deps.publish(settled);
    return { settled, remaining, unread };
  }

  return {
    round(): Promise<SettleRoundResult> {
      // The session's checks come first and at once: locked or signed out, nothing is read.
      deps.session.activeUser();
      if (deps.enabled === false) return Promise.resolve({ settled: [], remaining: 0, unread: 0 });
      if (running) return running;
      const started = run().finally(() => {
        running = null;
      });
      running = started;
      return started;
    },
  };
}
export type SettleRound = ReturnType<typeof createSettleRound>;
