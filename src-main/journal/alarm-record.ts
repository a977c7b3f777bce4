import { z } from 'zod';
import { MoneyAlarm } from '../../src-preload/contract/alarms';

/**
 * An alarm for a closed move found later, as the money journal keeps it until it is dismissed (security.md
 * 36): the ledger forgets the move once it is found, so the alarm is the only record that it went through.
 * Who sees it: the person who closed the move, and for a withdrawal anyone holding the merchant keys it was
 * confirmed with (they could have sent its replacement).
 */
export const AlarmRecord = MoneyAlarm.extend({
  closedByGuid: z.string().min(1),
  merchantKey: z.object({ environment: z.string().min(1), publicKey: z.string().min(1) }).nullable(),
});
export type AlarmRecord = z.infer<typeof AlarmRecord>;

/** Where the alarms outlive the app: what the last run left, and a way to write the current set. */
export interface AlarmJournal {
  readonly restored: readonly AlarmRecord[];
  /** Takes the set at once (a later write of the journal carries it) and resolves once it is on disk. */
  save(records: readonly AlarmRecord[]): Promise<void>;
}

/** The alarms a journal file holds; an entry that does not fit is left out rather than costing the others. */
export function readAlarms(raw: unknown): AlarmRecord[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = AlarmRecord.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
