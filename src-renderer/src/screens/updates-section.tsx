import { useEffect, useId } from 'react';
import type { UpdateView } from '../../../src-preload/contract/updates';
import { formatDateTime } from '../format/dates';
import { useText } from '../i18n/use-text';
import type { t as Text } from '../i18n/text';
import { useUpdatesStore } from '../stores/updates-store';

function describe(view: UpdateView, t: typeof Text): string {
  switch (view.status) {
    case 'unconfigured':
      return view.message ?? t('updates.unavailable');
    case 'idle':
      return t('updates.idle');
    case 'checking':
      return t('updates.checking');
    case 'up-to-date':
      return t('updates.upToDate', { version: view.currentVersion });
    case 'downloading':
      return t('updates.downloading', { version: view.availableVersion ?? '' });
    case 'ready':
      return view.installOnQuit
        ? t('updates.readyOnQuit', { version: view.availableVersion ?? '' })
        : t('updates.ready', { version: view.availableVersion ?? '' });
    case 'error':
      return view.message ?? t('updates.failed');
    default: {
      const unknown: never = view.status;
      return String(unknown);
    }
  }
}

/** Settings › Updates: what the updater is doing, "Check for updates", and consent to install on quit. */
export function UpdatesSection(): React.JSX.Element {
  const view = useUpdatesStore((state) => state.view);
  const problem = useUpdatesStore((state) => state.problem);
  const load = useUpdatesStore((state) => state.load);
  const check = useUpdatesStore((state) => state.check);
  const installOnQuit = useUpdatesStore((state) => state.installOnQuit);
  const headingId = useId();
  const t = useText();

  useEffect(() => {
    void load();
  }, [load]);

  const busy = view?.status === 'checking' || view?.status === 'downloading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('updates.title')}</h3>
      {/* Polite live region: the outcome of a check, or a download finishing, is announced without moving focus. */}
      <p role="status">{view ? describe(view, t) : t('updates.loading')}</p>
      {view?.status === 'downloading' && view.downloadPercent !== null && (
        <progress aria-label={t('updates.progress')} max={100} value={view.downloadPercent}>
          {t('updates.percent', { share: view.downloadPercent / 100 })}
        </progress>
      )}
      {view?.lastCheckedAt && view.status !== 'checking' && (
        <p>{t('updates.lastChecked', { when: formatDateTime(view.lastCheckedAt) })}</p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {view && view.status !== 'unconfigured' && view.status !== 'ready' && (
        <button type="button" onClick={() => void check()} disabled={busy}>
          {t('updates.check')}
        </button>
      )}
      {view?.status === 'ready' && (
        <label className="row">
          <input
            type="checkbox"
            checked={view.installOnQuit}
            onChange={(event) => void installOnQuit(event.target.checked)}
          />
          {t('updates.installOnQuit', { version: view.availableVersion ?? '' })}
        </label>
      )}
    </section>
  );
}
