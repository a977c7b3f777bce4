import { useEffect, useId } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useNotificationsStore } from '../../stores/notifications-store';

/** Settings › Deposit notifications: off by default, one switch per account. */
export function NotificationsSection(): React.JSX.Element {
  const view = useNotificationsStore((state) => state.view);
  const error = useNotificationsStore((state) => state.error);
  const busy = useNotificationsStore((state) => state.busy);
  const headingId = useId();

  useEffect(() => {
    void useNotificationsStore.getState().load();
  }, []);

  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>Deposit notifications</h3>
      <p className="hint">
        A desktop notification and a badge when a deposit arrives while Wallet Desk is open. With privacy mode on,
        notifications never show amounts.
      </p>
      {view === null ? (
        <p aria-busy="true">Loading…</p>
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
            {`Notify me of deposits to ${account.name}`}
          </label>
        ))
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
