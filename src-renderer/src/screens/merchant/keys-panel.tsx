import { useState } from 'react';
import { environmentNames } from '../../../../src-preload/contract/environment-names';
import type { MerchantEnvironmentView, MerchantOverview } from '../../../../src-preload/contract/merchant';
import type { EnvironmentId } from '../../../../src-preload/contract/app';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { AssetFormSetting } from './asset-form-setting';
import { Feedback } from './merchant-options';
import type { MessageId } from '../../i18n/text';
import { useText } from '../../i18n/use-text';

/** The form of an API address, the same in every language. */
const API_URL_EXAMPLE = 'https://api.example.com';

/**
 * Merchant API keys per environment. The secret key field is write-only: it starts empty, is sent once
 * with "Save keys" and then cleared; the app only ever shows whether a secret is stored.
 */
export function KeysPanel(): React.JSX.Element {
  const t = useText();
  const overview = useMerchantKeysStore((state) => state.overview);
  const feedback = useMerchantKeysStore((state) => state.feedback.keys);
  const busy = useMerchantKeysStore((state) => state.busy);
  const setEnvironment = useMerchantKeysStore((state) => state.setEnvironment);
  const current = overview?.environments.find((environment) => environment.id === overview.environment) ?? null;

  if (!overview || !current) return <p aria-busy="true" className="skeleton" />;

  return (
    <div className="merchant-keys">
      {overview.keychain === 'unavailable' && (
        <p role="note" className="warning">
          {t('merchant.keys.noKeychain')}
        </p>
      )}
      <label htmlFor="merchant-environment">{t('merchant.keys.environment')}</label>
      <select
        id="merchant-environment"
        value={overview.environment}
        disabled={busy.has('environment')}
        onChange={(event) => void setEnvironment(event.target.value as EnvironmentId)}
      >
        {overview.environments.map((environment) => (
          <option key={environment.id} value={environment.id}>
            {t(environmentNames[environment.id])}
          </option>
        ))}
      </select>
      <p className="merchant-hint">{t('merchant.keys.bound')}</p>
      {/* Keyed, so switching environment or saving starts the fields from what is stored. */}
      <EnvironmentForms
        key={`${current.id}|${current.apiUrl ?? ''}|${current.publicKey ?? ''}`}
        current={current}
        keychain={overview.keychain}
      />
      <AssetFormSetting environment={current} />
      <Feedback {...feedback} />
    </div>
  );
}

function EnvironmentForms({
  current,
  keychain,
}: {
  current: MerchantEnvironmentView;
  keychain: MerchantOverview['keychain'];
}): React.JSX.Element {
  const t = useText();
  const busy = useMerchantKeysStore((state) => state.busy);
  const tested = useMerchantKeysStore((state) => state.feedback.test);
  const { setApiUrl, saveKeys, deleteKeys, testConnection } = useMerchantKeysStore.getState();
  const [apiUrl, setApiUrlText] = useState(current.apiUrl ?? '');
  const [publicKey, setPublicKey] = useState(current.publicKey ?? '');
  const [secretKey, setSecretKey] = useState('');

  return (
    <>
      <form
        aria-label={t('merchant.keys.apiAddress.form')}
        onSubmit={(event) => {
          event.preventDefault();
          void setApiUrl(current.id, apiUrl);
        }}
      >
        <label htmlFor="merchant-api-url">{t('merchant.keys.apiAddress')}</label>
        <div className="row">
          <input
            id="merchant-api-url"
            type="url"
            value={apiUrl}
            readOnly={!current.apiUrlEditable}
            placeholder={API_URL_EXAMPLE}
            onChange={(event) => setApiUrlText(event.target.value)}
            size={40}
          />
          {current.apiUrlEditable && (
            <button type="submit" className="secondary" disabled={busy.has('apiUrl')}>
              {t('merchant.keys.apiAddress.save')}
            </button>
          )}
        </div>
      </form>

      <form
        aria-label={t('merchant.keys.form')}
        onSubmit={(event) => {
          event.preventDefault();
          void saveKeys(current.id, publicKey, secretKey).then((saved) => {
            if (saved) setSecretKey('');
          });
        }}
      >
        <label htmlFor="merchant-public-key">{t('merchant.keys.publicKey')}</label>
        <input
          id="merchant-public-key"
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
          size={40}
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor="merchant-secret-key">{t('merchant.keys.secretKey')}</label>
        <input
          id="merchant-secret-key"
          type="password"
          value={secretKey}
          onChange={(event) => setSecretKey(event.target.value)}
          size={40}
          autoComplete="off"
          aria-describedby="merchant-secret-status"
          placeholder={current.secretKey === 'set' ? t('merchant.keys.secretKey.replace') : ''}
        />
        <p id="merchant-secret-status" className="merchant-hint">
          {current.secretKey === 'set'
            ? t('merchant.keys.secretKey.set', { keychain })
            : t('merchant.keys.secretKey.notSet')}
        </p>
        {current.problem && (
          <p role="alert" className="warning">
            {current.problem}
          </p>
        )}
        <div className="row">
          <button
            type="submit"
            className="primary"
            disabled={busy.has('saveKeys') || publicKey.trim() === '' || secretKey.trim() === ''}
          >
            {t('merchant.keys.save')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy.has('test') || current.secretKey !== 'set'}
            onClick={() => void testConnection()}
          >
            {t('merchant.keys.test')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy.has('deleteKeys') || current.publicKey === null}
            onClick={() => void deleteKeys(current.id)}
          >
            {t('merchant.keys.delete')}
          </button>
        </div>
        {/* The answer to "Test connection" beside it, not with the panel's messages far below. */}
        <Feedback {...tested} />
      </form>
      {current.publicKey !== null && <SigningSection current={current} keychain={keychain} />}
    </>
  );
}

/** The question asked before the stored signing private key is replaced or deleted. */
function confirmWords(
  t: (id: MessageId, values?: Readonly<Record<string, string>>) => string,
  action: 'generate' | 'import' | 'delete',
  environmentLabel: string,
): { title: string; body: string; confirmLabel: string } {
  if (action === 'delete') {
    return {
      title: t('merchant.signing.delete.title'),
      body: t('merchant.signing.delete.body', { environment: environmentLabel }),
      confirmLabel: t('merchant.signing.delete'),
    };
  }
  return {
    title: t('merchant.signing.replace.title'),
    body: t('merchant.signing.replace.body', { environment: environmentLabel, action }),
    confirmLabel: t('merchant.signing.replace'),
  };
}

/**
 * Optional RS512 request signing. The private key is generated in main or pasted here once; only its public
 * half comes back, to be registered with the service before signing is turned on.
 */
function SigningSection({
  current,
  keychain,
}: {
  current: MerchantEnvironmentView;
  keychain: MerchantOverview['keychain'];
}): React.JSX.Element {
  const t = useText();
  const busy = useMerchantKeysStore((state) => state.busy.has('signing'));
  const { generateSigningKey, importSigningKey, setSigningEnabled, removeSigningKey } = useMerchantKeysStore.getState();
  const [privateKey, setPrivateKey] = useState('');
  // Generating, importing over or deleting the stored private key loses it for good: never without asking.
  const [confirming, setConfirming] = useState<'generate' | 'import' | 'delete' | null>(null);
  const { enabled, publicKeyPem } = current.signing;

  return (
    <section aria-labelledby="merchant-signing-title" className="card">
      <h3 id="merchant-signing-title">{t('merchant.signing.title')}</h3>
      <p className="merchant-hint">{t('merchant.signing.hint', { place: publicKeyPem ? keychain : 'none' })}</p>
      <label>
        <input
          type="checkbox"
          checked={enabled}
          disabled={busy || publicKeyPem === null}
          onChange={(event) => void setSigningEnabled(current.id, event.target.checked)}
        />
        {t('merchant.signing.enable')}
      </label>
      {publicKeyPem !== null && (
        <>
          <label htmlFor="merchant-signing-public">{t('merchant.signing.publicKey')}</label>
          <textarea id="merchant-signing-public" className="mono" readOnly rows={6} cols={66} value={publicKeyPem} />
          <div className="row">
            <CopyButton text={publicKeyPem} label={t('merchant.signing.copyPublicKey')} />
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming('delete')}>
              {t('merchant.signing.delete')}
            </button>
          </div>
        </>
      )}
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => {
            if (publicKeyPem === null) void generateSigningKey(current.id);
            else setConfirming('generate');
          }}
        >
          {publicKeyPem === null ? t('merchant.signing.generate') : t('merchant.signing.generateNew')}
        </button>
      </div>
      {confirming !== null && (
        <ConfirmDialog
          {...confirmWords(t, confirming, t(environmentNames[current.id]))}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const done =
              confirming === 'delete'
                ? removeSigningKey(current.id)
                : confirming === 'generate'
                  ? generateSigningKey(current.id)
                  : importSigningKey(current.id, privateKey).then((imported) => {
                      if (imported) setPrivateKey('');
                    });
            void done.finally(() => setConfirming(null));
          }}
        />
      )}
      <form
        aria-label={t('merchant.signing.import.form')}
        onSubmit={(event) => {
          event.preventDefault();
          if (publicKeyPem !== null) {
            setConfirming('import');
            return;
          }
          void importSigningKey(current.id, privateKey).then((imported) => {
            if (imported) setPrivateKey('');
          });
        }}
      >
        <label htmlFor="merchant-signing-private">{t('merchant.signing.privateKey')}</label>
        <textarea
          id="merchant-signing-private"
          className="mono"
          rows={4}
          cols={66}
          value={privateKey}
          onChange={(event) => setPrivateKey(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="secondary" disabled={busy || privateKey.trim() === ''}>
          {t('merchant.signing.import')}
        </button>
      </form>
    </section>
  );
}
