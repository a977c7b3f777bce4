import { useEffect, useId, useRef, useState } from 'react';
import type { EnvironmentId } from '../../../../src-preload/contract/app';
import type { SignInEnvironmentView } from '../../../../src-preload/contract/environments';
import { ErrorMessage } from '../../components/error-message';
import { useEnvironmentsStore } from '../../stores/environments-store';
import { useSessionStore } from '../../stores/session-store';

/**
 * Where Wallet Desk signs in. The addresses of an environment are checked (the issuer's OpenID Connect
 * discovery) before they are saved; switching while signed in first asks, naming what happens.
 */
export function SignInEnvironmentSection(): React.JSX.Element {
  const view = useEnvironmentsStore((state) => state.view);
  const load = useEnvironmentsStore((state) => state.load);
  const headingId = useId();
  const selectId = useId();
  const [chosen, setChosen] = useState<EnvironmentId | null>(null);

  useEffect(() => {
    void load();
    return () => useEnvironmentsStore.getState().clearFeedback();
  }, [load]);

  const active = view?.environments.find((environment) => environment.id === view.active) ?? null;
  const shown = view?.environments.find((environment) => environment.id === (chosen ?? view.active)) ?? null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>Sign-in environment</h3>
      {!view || !active || !shown ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <p>
            Wallet Desk signs in to <strong>{active.label}</strong>.
          </p>
          <label htmlFor={selectId}>Environment</label>
          <select
            id={selectId}
            value={shown.id}
            onChange={(event) => {
              useEnvironmentsStore.getState().clearFeedback();
              setChosen(event.target.value as EnvironmentId);
            }}
          >
            {view.environments.map((environment) => (
              <option key={environment.id} value={environment.id}>
                {environment.id === view.active ? `${environment.label} (in use)` : environment.label}
              </option>
            ))}
          </select>
          {/* Keyed, so another environment or a save starts the fields from what is stored. */}
          <AddressesForm
            key={`${shown.id}|${shown.issuer ?? ''}|${shown.clientId ?? ''}|${shown.baseUrl ?? ''}`}
            environment={shown}
            inUse={shown.id === view.active}
            activeLabel={active.label}
          />
        </>
      )}
    </section>
  );
}

function AddressesForm({
  environment,
  inUse,
  activeLabel,
}: {
  environment: SignInEnvironmentView;
  inUse: boolean;
  activeLabel: string;
}): React.JSX.Element {
  const busy = useEnvironmentsStore((state) => state.busy);
  const error = useEnvironmentsStore((state) => state.error);
  const message = useEnvironmentsStore((state) => state.message);
  const { check, save, select } = useEnvironmentsStore.getState();
  const status = useSessionStore((state) => state.view?.status ?? 'signed-out');
  const signedIn = status !== 'signed-out';
  const [issuer, setIssuer] = useState(environment.issuer ?? '');
  const [clientId, setClientId] = useState(environment.clientId ?? '');
  const [baseUrl, setBaseUrl] = useState(environment.baseUrl ?? '');
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const useButtonRef = useRef<HTMLButtonElement>(null);
  const ids = { issuer: useId(), clientId: useId(), baseUrl: useId(), title: useId(), body: useId() };
  const readOnly = !environment.editable;
  const input = { id: environment.id, issuer, clientId, baseUrl };
  const saved =
    environment.issuer === issuer.trim() &&
    environment.clientId === clientId.trim() &&
    environment.baseUrl !== null &&
    environment.issuer !== null;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  return (
    <>
      <form
        aria-label={`${environment.label} sign-in addresses`}
        onSubmit={(event) => {
          event.preventDefault();
          void save(input);
        }}
      >
        <label htmlFor={ids.issuer}>Sign-in server (issuer)</label>
        <input
          id={ids.issuer}
          type="url"
          value={issuer}
          readOnly={readOnly}
          placeholder="https://login.example.com"
          onChange={(event) => setIssuer(event.target.value)}
          size={40}
          spellCheck={false}
          aria-invalid={error?.field === 'issuer' || undefined}
        />
        <label htmlFor={ids.clientId}>Client id</label>
        <input
          id={ids.clientId}
          value={clientId}
          readOnly={readOnly}
          onChange={(event) => setClientId(event.target.value)}
          size={40}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error?.field === 'clientId' || undefined}
        />
        <label htmlFor={ids.baseUrl}>Wallet API address</label>
        <input
          id={ids.baseUrl}
          type="url"
          value={baseUrl}
          readOnly={readOnly}
          placeholder="https://api.example.com"
          onChange={(event) => setBaseUrl(event.target.value)}
          size={40}
          spellCheck={false}
          aria-invalid={error?.field === 'baseUrl' || undefined}
        />
        <div className="row">
          <button type="button" className="secondary" disabled={busy} onClick={() => void check(input)}>
            Test connection
          </button>
          {environment.editable && (
            <button type="submit" className="secondary" disabled={busy || (inUse && signedIn)}>
              Save addresses
            </button>
          )}
          {!inUse && (
            <button
              ref={useButtonRef}
              type="button"
              className="primary"
              disabled={busy || !saved}
              onClick={() => {
                if (signedIn) setConfirming(true);
                else void select(environment.id, false);
              }}
            >
              {`Use ${environment.label}`}
            </button>
          )}
        </div>
        {inUse && signedIn && environment.editable && (
          <p className="hint">You are signed in here: switch to another environment before changing these addresses.</p>
        )}
        {!inUse && !saved && environment.editable && (
          <p className="hint">Save these addresses (they are checked first) before using {environment.label}.</p>
        )}
      </form>
      {confirming && (
        <div role="alertdialog" aria-labelledby={ids.title} aria-describedby={ids.body} className="confirm">
          <h4 id={ids.title}>{`Switch to ${environment.label}?`}</h4>
          <p id={ids.body}>
            {`You will be signed out of ${activeLabel} first: your session there ends and its saved sign-in is removed from this computer. Then you sign in to ${environment.label} at ${environment.issuer ?? ''}.`}
          </p>
          <div className="row">
            <button
              ref={confirmRef}
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void select(environment.id, true).then(() => setConfirming(false))}
            >
              {`Sign out and switch to ${environment.label}`}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setConfirming(false);
                useButtonRef.current?.focus();
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      {message && <p role="status">{message}</p>}
      <ErrorMessage error={error} />
    </>
  );
}
