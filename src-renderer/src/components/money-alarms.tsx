import { useEffect } from 'react';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import { formatDateTime } from '../format/dates';
import { useAlarmsStore } from '../stores/alarms-store';
import { useAmountText } from './unsettled-words';

const nouns = { send: 'send', swap: 'swap', withdraw: 'withdrawal' } as const satisfies Record<
  MoneyAlarm['kind'],
  string
>;

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
        const noun = nouns[alarm.kind];
        return (
          <div key={alarm.id} role="alert" aria-live="assertive" className="card error money-alarm">
            <p>
              <strong>{`A ${noun} you closed as did not go through has gone through.`}</strong>
            </p>
            <p>
              {`It is the ${noun} of ${amountText(alarm.amount, alarm.asset)} to ${alarm.destination} (reference ${alarm.referenceId}), closed by ${alarm.closedBy} on ${formatDateTime(alarm.closedAt)}. Any replacement you made for it may have paid twice. Check your history before paying again.`}
            </p>
            <button
              type="button"
              className="secondary"
              aria-label={`Dismiss the alarm about the ${noun} with reference ${alarm.referenceId}`}
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
