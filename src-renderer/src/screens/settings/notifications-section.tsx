import { useEffect, useId } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useText } from '../../i18n/use-text';
import { useNotificationsStore } from '../../stores/notifications-store';

/** Settings › Deposit notifications: off by default, one switch per account. */
export function NotificationsSection(): React.JSX.Element {
  const view = useNotificationsStore((state) => state.view);
  const error = useNotificationsStore((state) => state.error);
  const busy = useNotificationsStore((state) => state.busy);
  const headingId = useId();
  const t = useText();

  useEffect(() => {
    void useNotificationsStore.getState().load();
  }, []);

  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.notifications.title')}</h3>
      <p className="hint">{t('settings.notifications.note')}</p>
      {view === null ? (
        <p aria-busy="true">{t('settings.loading')}</p>
      ) : (
        view.accounts.map((account) => (
          <label key={account.guid} className="row">
            <input
              type="checkbox"
              checked={account.depositNotifications}
              disabled={busy}
              onChange={(event) =>
                void useNotificationsStore.getState().setDeposits(account.guid, event.target.checked)
              }
            />
            {t('settings.notifications.account', { name: account.name })}
          </label>
        ))
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
