import type { BridgeError } from '../../../src-preload/result';
import { t } from '../../i18n/main-text';

/**
 * What a history row's status says about a lost move. Only `Completed` settles it. A
 * pending row may still complete or fail. A failed row is said plainly, but it does not prove the money
 * stayed (a service may mark a row failed and still have moved funds, or retry it), so the move stays
 * unknown and is never offered again under its reference (security.md 27, 29).
 */
export type RowVerdict = 'completed' | 'pending' | 'failed';

export function rowVerdict(statuses: readonly string[]): RowVerdict {
  const normal = statuses.map((status) => status.trim().toLowerCase());
  if (normal.some((status) => status === 'failed')) return 'failed';
  return normal.length > 0 && normal.every((status) => status === 'completed') ? 'completed' : 'pending';
}

/** The words a lost move keeps after a look-up found its row in a status other than Completed. */
export function verdictNote(verdict: Exclude<RowVerdict, 'completed'>, what: 'send' | 'swap'): BridgeError {
  const words = {
    pending: { send: 'mainMoney.pendingSend', swap: 'mainMoney.pendingSwap' },
    failed: { send: 'mainMoney.failedSend', swap: 'mainMoney.failedSwap' },
  } as const;
  return { code: 'outcome_unknown', message: t(words[verdict][what]) };
}
