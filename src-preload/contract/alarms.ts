import { z } from 'zod';
import { operation } from './define';
import { DecimalString } from './money';

/**
 * A money move a person closed as "did not go through" that a look-up then found at the service
 * (security.md 36): it went through after all, so any replacement the person made may have paid twice. Main
 * keeps each in the money journal until dismissed, shows it to the person who closed the move (and for a
 * withdrawal to anyone holding the merchant keys it was made with), and says when the list changed.
 */
export const MoneyAlarm = z.object({
  id: z.uuid(),
  kind: z.enum(['send', 'swap', 'withdraw']),
  referenceId: z.string(),
  amount: DecimalString,
  asset: z.string(),
  /** Where it went: an address, or for a swap the asset it became. */
  destination: z.string(),
  /** When the person closed it and who (ISO 8601, a name). */
  closedAt: z.string(),
  closedBy: z.string(),
  /** When the look-up found it (ISO 8601). */
  foundAt: z.string(),
});
export type MoneyAlarm = z.infer<typeof MoneyAlarm>;

export const MoneyAlarms = z.array(MoneyAlarm);

export const alarmsOperations = {
  /** Alarms not dismissed yet, oldest first: shown on every screen while signed in. */
  'alarms.list': operation(z.void(), MoneyAlarms),
  /** The user read this alarm; answers the alarms left. */
  'alarms.dismiss': operation(z.object({ id: z.uuid() }).strict(), MoneyAlarms),
} as const;

/** The alarms changed: the window reads them with alarms.list, which is gated like every account read. */
export const alarmsEvents = {
  'alarms.changed': z.object({ count: z.number().int().min(0) }),
} as const;
