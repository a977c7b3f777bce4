import type { DeferredCommits } from './deferred-commits';
import type { LateLanding, SandboxFaults } from './faults';

/** A money-moving request that has passed every check, ready to take effect. */
export interface AcceptedMove {
  /** Names the call in log lines. */
  label: string;
  /**
   * Makes the request known to duplicate detection (kind profile). Runs as soon as the money is sure to
   * move, before a late effect lands, so a retry in between is recognised rather than paid twice.
   */
  accept: () => void;
  /** The effect, exactly as a normal success: debit, history rows, movement record. */
  commit: () => void;
}

/** How the handler must answer once the move is carried out. */
export type MoveAnswer =
  { kind: 'result' } | { kind: 'drop' } | { kind: 'unexpected'; status: number; message: string; zCode: string };

/**
 * Carries out an accepted money movement under the fault plan, for Interface A send and swap and
 * Interface B withdraw alike: commit and answer; commit and drop; drop now and commit later; or answer an
 * error the spec does not list while the money moves now, later or never (sandbox README, faults).
 */
export function carryOut(move: AcceptedMove, faults: SandboxFaults, deferred: DeferredCommits): MoveAnswer {
  const fault = faults.takeMoneyFault();
  if (!fault) {
    move.accept();
    move.commit();
    return { kind: 'result' };
  }
  switch (fault.kind) {
    case 'dropAfterCommit':
      move.accept();
      move.commit();
      return { kind: 'drop' };
    case 'late':
      move.accept();
      later(deferred, fault.landing, move);
      return { kind: 'drop' };
    case 'unexpected': {
      if (fault.commit !== 'none') move.accept();
      if (fault.commit === 'now') move.commit();
      if (fault.commit === 'late') later(deferred, fault.landing, move);
      return { kind: 'unexpected', status: fault.status, message: fault.message, zCode: fault.zCode };
    }
  }
}

function later(deferred: DeferredCommits, landing: LateLanding, move: AcceptedMove): void {
  if (landing.held) deferred.hold(move.label, move.commit);
  else deferred.schedule(landing.delayMs, move.label, move.commit);
}
