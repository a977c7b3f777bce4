import { useEffect, useId, useRef, useState } from 'react';
import { environmentNames } from '../../../../src-preload/contract/environment-names';
import type { EnvironmentId } from '../../../../src-preload/contract/app';
import type { SignInEnvironmentView } from '../../../../src-preload/contract/environments';
import { ErrorMessage } from '../../components/error-message';
import type { MessageId } from '../../i18n/text';
import { RichText, useText } from '../../i18n/use-text';
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
  const t = useText();

  useEffect(() => {
    void load();
    return () => useEnvironmentsStore.getState().clearFeedback();
  }, [load]);

  const active = view?.environments.find((environment) => environment.id === view.active) ?? null;
  const shown = view?.environments.find((environment) => environment.id === (chosen ?? view.active)) ?? null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('environments.title')}</h3>
      {!view || !active || !shown ? (
        <p aria-busy="true">{t('environments.loading')}</p>
      ) : (
        <>
          <p>
            <RichText
              id="environments.active"
              values={{
                name: t(environmentNames[active.id]),
                b: (chunks: React.ReactNode[]) => <strong>{chunks}</strong>,
              }}
            />
          </p>
          <label htmlFor={selectId}>{t('environments.environment')}</label>
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
                {environment.id === view.active
                  ? t('environments.inUse', { name: t(environmentNames[environment.id]) })
                  : t(environmentNames[environment.id])}
              </option>
            ))}
          </select>
          {/* Keyed, so another environment or a save starts the fields from what is stored. */}
          <AddressesForm
            key={`${shown.id}|${shown.issuer ?? ''}|${shown.clientId ?? ''}|${shown.baseUrl ?? ''}`}
            environment={shown}
            inUse={shown.id === view.active}
            activeLabel={t(environmentNames[active.id])}
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
  readonly label: MessageId;
  readonly url: boolean;
  readonly placeholder?: string;
}[] = [
  { name: 'issuer', label: 'environments.field.issuer', url: true, placeholder: 'https://login.example.com' },
  { name: 'clientId', label: 'environments.field.clientId', url: false },
  { name: 'baseUrl', label: 'environments.field.baseUrl', url: true, placeholder: 'https://api.example.com' },
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
  const t = useText();
  return (
    <>
      <label htmlFor={id}>{t(field.label)}</label>
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
  const t = useText();
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
        aria-label={t('environments.addressesForm', { name: t(environmentNames[environment.id]) })}
        onSubmit={(event) => {
          event.preventDefault();
          void save(input);
        }}
      >
        {environment.editable && <p className="hint">{t('environments.fromProvider')}</p>}
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
            {t('environments.test')}
          </button>
          {environment.editable && (
            <button type="submit" className="secondary" disabled={busy || (inUse && signedIn)}>
              {t('environments.save')}
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
              {t('environments.use', { name: t(environmentNames[environment.id]) })}
            </button>
          )}
        </div>
        {/* The answer to "Test connection" or "Save addresses" beside the buttons that asked. */}
        {message && <p role="status">{message.kind === 'saved' ? t('environments.saved') : message.text}</p>}
        <ErrorMessage error={error} />
        {inUse && signedIn && environment.editable && <p className="hint">{t('environments.signedInHere')}</p>}
        {!inUse && !saved && environment.editable && (
          <p className="hint">{t('environments.saveFirst', { name: t(environmentNames[environment.id]) })}</p>
        )}
      </form>
      {confirming && (
        <div role="alertdialog" aria-labelledby={ids.title} aria-describedby={ids.body} className="confirm">
          <h4 id={ids.title}>{t('environments.switch.title', { name: t(environmentNames[environment.id]) })}</h4>
          <p id={ids.body}>
            {t('environments.switch.body', {
              active: activeLabel,
              name: t(environmentNames[environment.id]),
              issuer: environment.issuer ?? '',
            })}
          </p>
          <div className="row">
            <button
              ref={confirmRef}
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void select(environment.id, true).then(() => setConfirming(false))}
            >
              {t('environments.switch.confirm', { name: t(environmentNames[environment.id]) })}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setConfirming(false);
                useButtonRef.current?.focus();
              }}
            >
              {t('environments.switch.cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
