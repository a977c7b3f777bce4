import { useEffect, useId } from 'react';
import type { UpdateView } from '../../../src-preload/contract/updates';
import { useUpdatesStore } from '../stores/updates-store';

function describe(view: UpdateView): string {
  switch (view.status) {
    case 'unconfigured':
      return view.message ?? 'Updates are unavailable.';
    case 'idle':
      return 'Not checked yet.';
    case 'checking':
      return 'Checking for updates…';
    case 'up-to-date':
      return `Wallet Desk ${view.currentVersion} is the latest version.`;
    case 'downloading':
      return `Downloading version ${view.availableVersion ?? ''} in the background…`;
    case 'ready':
      return view.installOnQuit
        ? `Version ${view.availableVersion ?? ''} will be installed when you quit Wallet Desk.`
        : `Version ${view.availableVersion ?? ''} is downloaded and ready to install.`;
    case 'error':
      return view.message ?? 'The last update check failed.';
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

  useEffect(() => {
    void load();
  }, [load]);

  const busy = view?.status === 'checking' || view?.status === 'downloading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>Updates</h3>
      {/* Polite live region: the outcome of a check, or a download finishing, is announced without moving focus. */}
      <p role="status">{view ? describe(view) : 'Loading…'}</p>
      {view?.status === 'downloading' && view.downloadPercent !== null && (
        <progress aria-label="Download progress" max={100} value={view.downloadPercent}>
          {view.downloadPercent}%
        </progress>
      )}
      {view?.lastCheckedAt && view.status !== 'checking' && (
        <p>Last checked {new Date(view.lastCheckedAt).toLocaleString()}</p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {view && view.status !== 'unconfigured' && view.status !== 'ready' && (
        <button type="button" onClick={() => void check()} disabled={busy}>
          Check for updates
        </button>
      )}
      {view?.status === 'ready' && (
        <label className="row">
          <input
            type="checkbox"
            checked={view.installOnQuit}
            onChange={(event) => void installOnQuit(event.target.checked)}
          />
          Install version {view.availableVersion} when I quit Wallet Desk
        </label>
      )}
    </section>
  );
}
