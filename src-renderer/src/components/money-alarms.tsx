import { useEffect } from 'react';
import { formatDateTime } from '../format/dates';
import { useText } from '../i18n/use-text';
import { useAlarmsStore } from '../stores/alarms-store';
import { useAmountText } from './unsettled-words';

/**
 * On every screen, until dismissed: a move the user closed as "did not go through" that the service now
 * shows, the case where a replacement may have paid twice (security.md 36). Assertive, as it is news.
 */
export function MoneyAlarms(): React.JSX.Element | null {
  const alarms = useAlarmsStore((state) => state.alarms);
  const { load, dismiss } = useAlarmsStore.getState();
  const amountText = useAmountText();
  // Whole sentences per kind of move (a select in the catalogue), so a translation never fits a noun in.
  const t = useText();
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
              <strong>{t('money.alarm.headline', { kind: alarm.kind })}</strong>
            </p>
            <p>
              {t('money.alarm.details', {
                kind: alarm.kind,
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
              aria-label={t('money.alarm.dismissLabel', { kind: alarm.kind, reference: alarm.referenceId })}
              onClick={() => void dismiss(alarm.id)}
            >
              {t('money.alarm.dismiss')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
