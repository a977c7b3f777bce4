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

type AddressName = 'issuer' | 'clientId' | 'baseUrl';
type Addresses = Record<AddressName, string>;

/** The three addresses of an environment, in the order a person fills them in. */
const addressFields: readonly {
  readonly name: AddressName;
  readonly label: string;
  readonly url: boolean;
  readonly placeholder?: string;
}[] = [
  { name: 'issuer', label: 'Sign-in server (issuer)', url: true, placeholder: 'https://login.example.com' },
  { name: 'clientId', label: 'Client id', url: false },
  { name: 'baseUrl', label: 'Wallet API address', url: true, placeholder: 'https://api.example.com' },
];

/** One address with its label; marked invalid when main's error names it. */
function AddressField({
  field,
  value,
  readOnly,
  invalid,
  onChange,
}: {
  field: (typeof addressFields)[number];
  value: string;
  readOnly: boolean;
  invalid: boolean;
  onChange: (value: string) => void;
}): React.JSX.Element {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        type={field.url ? 'url' : 'text'}
        value={value}
        readOnly={readOnly}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        size={40}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid || undefined}
      />
    </>
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
  const [addresses, setAddresses] = useState<Addresses>({
    issuer: environment.issuer ?? '',
    clientId: environment.clientId ?? '',
    baseUrl: environment.baseUrl ?? '',
  });
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const useButtonRef = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), body: useId() };
  const readOnly = !environment.editable;
  const input = { id: environment.id, ...addresses };
  const saved =
    environment.issuer === addresses.issuer.trim() &&
    environment.clientId === addresses.clientId.trim() &&
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
        {environment.editable && (
          <p className="hint">
            The sign-in server, the client id and the wallet API address come from your provider: the service publishes
            none of them. Ask your provider for all three.
          </p>
        )}
        {addressFields.map((field) => (
          <AddressField
            key={field.name}
            field={field}
            value={addresses[field.name]}
            readOnly={readOnly}
            invalid={error?.field === field.name}
            onChange={(value) => setAddresses((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
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
        {/* The answer to "Test connection" or "Save addresses" beside the buttons that asked. */}
        {message && <p role="status">{message}</p>}
        <ErrorMessage error={error} />
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
    </>
  );
}
