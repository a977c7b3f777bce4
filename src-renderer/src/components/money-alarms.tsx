import { useEffect } from 'react';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import { formatDateTime } from '../format/dates';
import { useAlarmsStore } from '../stores/alarms-store';
import { useAmountText } from './unsettled-words';

/** Whole sentences per kind of move, so a translation never has to fit a noun into a sentence. */
const headlines = {
  send: 'A send you closed as did not go through has gone through.',
  swap: 'A swap you closed as did not go through has gone through.',
  withdraw: 'A withdrawal you closed as did not go through has gone through.',
} as const satisfies Record<MoneyAlarm['kind'], string>;

interface AlarmFacts {
  readonly amount: string;
  readonly to: string;
  readonly reference: string;
  readonly by: string;
  readonly at: string;
}

const details = {
  send: (f: AlarmFacts) =>
    `It is the send of ${f.amount} to ${f.to} (reference ${f.reference}), closed by ${f.by} on ${f.at}. Any replacement you made for it may have paid twice. Check your history before paying again.`,
  swap: (f: AlarmFacts) =>
    `It is the swap of ${f.amount} to ${f.to} (reference ${f.reference}), closed by ${f.by} on ${f.at}. Any replacement you made for it may have paid twice. Check your history before paying again.`,
  withdraw: (f: AlarmFacts) =>
    `It is the withdrawal of ${f.amount} to ${f.to} (merchant transaction id ${f.reference}), closed by ${f.by} on ${f.at}. Any replacement you made for it may have paid twice. Check your history before paying again.`,
} as const satisfies Record<MoneyAlarm['kind'], (facts: AlarmFacts) => string>;

const dismissLabels = {
  send: (reference: string) => `Dismiss the alarm about the send with reference ${reference}`,
  swap: (reference: string) => `Dismiss the alarm about the swap with reference ${reference}`,
  withdraw: (reference: string) => `Dismiss the alarm about the withdrawal with merchant transaction id ${reference}`,
} as const satisfies Record<MoneyAlarm['kind'], (reference: string) => string>;

/**
 * On every screen, until dismissed: a move the user closed as "did not go through" that the service now
 * shows, the case where a replacement may have paid twice (security.md 36). Assertive, as it is news.
 */
export function MoneyAlarms(): React.JSX.Element | null {
  const alarms = useAlarmsStore((state) => state.alarms);
  const { load, dismiss } = useAlarmsStore.getState();
  const amountText = useAmountText();
  useEffect(() => {
    void load();
  }, [load]);
  if (alarms.length === 0) return null;
  return (
    <div className="money-alarms">
      {alarms.map((alarm) => {
        return (
          <div key={alarm.id} role="alert" aria-live="assertive" className="card error money-alarm">
            <p>
              <strong>{headlines[alarm.kind]}</strong>
            </p>
            <p>
              {details[alarm.kind]({
                amount: amountText(alarm.amount, alarm.asset),
                to: alarm.destination,
                reference: alarm.referenceId,
                by: alarm.closedBy,
                at: formatDateTime(alarm.closedAt),
              })}
            </p>
            <button
              type="button"
              className="secondary"
              aria-label={dismissLabels[alarm.kind](alarm.referenceId)}
              onClick={() => void dismiss(alarm.id)}
            >
              Dismiss
            </button>
          </div>
        );
      })}
    </div>
  );
}
