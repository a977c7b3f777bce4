import { useState } from 'react';
import type { MerchantEnvironmentView, MerchantOverview } from '../../../../src-preload/contract/merchant';
import type { EnvironmentId } from '../../../../src-preload/contract/app';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { secretKeyPlace } from '../../stores/secret-key-place';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { AssetFormSetting } from './asset-form-setting';
import { Feedback } from './merchant-options';

/**
 * Merchant API keys per environment. The secret key field is write-only: it starts empty, is sent once
 * with "Save keys" and then cleared; the app only ever shows whether a secret is stored.
 */
export function KeysPanel(): React.JSX.Element {
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
          No usable OS keychain: secret keys are kept in memory for this run only and must be entered again after a
          restart.
        </p>
      )}
      <label htmlFor="merchant-environment">Merchant environment</label>
      <select
        id="merchant-environment"
        value={overview.environment}
        disabled={busy.has('environment')}
        onChange={(event) => void setEnvironment(event.target.value as EnvironmentId)}
      >
        {overview.environments.map((environment) => (
          <option key={environment.id} value={environment.id}>
            {environment.label}
          </option>
        ))}
      </select>
      <p className="merchant-hint">
        Keys are bound to the environment and address they were entered for and are never sent anywhere else.
      </p>
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
  const busy = useMerchantKeysStore((state) => state.busy);
  const tested = useMerchantKeysStore((state) => state.feedback.test);
  const { setApiUrl, saveKeys, deleteKeys, testConnection } = useMerchantKeysStore.getState();
  const [apiUrl, setApiUrlText] = useState(current.apiUrl ?? '');
  const [publicKey, setPublicKey] = useState(current.publicKey ?? '');
  const [secretKey, setSecretKey] = useState('');

  return (
    <>
      <form
        aria-label="Merchant API address"
        onSubmit={(event) => {
          event.preventDefault();
          void setApiUrl(current.id, apiUrl);
        }}
      >
        <label htmlFor="merchant-api-url">API address</label>
        <div className="row">
          <input
            id="merchant-api-url"
            type="url"
            value={apiUrl}
            readOnly={!current.apiUrlEditable}
            placeholder="https://api.example.com"
            onChange={(event) => setApiUrlText(event.target.value)}
            size={40}
          />
          {current.apiUrlEditable && (
            <button type="submit" className="secondary" disabled={busy.has('apiUrl')}>
              Save address
            </button>
          )}
        </div>
      </form>

      <form
        aria-label="Merchant API keys"
        onSubmit={(event) => {
          event.preventDefault();
          void saveKeys(current.id, publicKey, secretKey).then((saved) => {
            if (saved) setSecretKey('');
          });
        }}
      >
        <label htmlFor="merchant-public-key">Public key</label>
        <input
          id="merchant-public-key"
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
          size={40}
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor="merchant-secret-key">Secret key</label>
        <input
          id="merchant-secret-key"
          type="password"
          value={secretKey}
          onChange={(event) => setSecretKey(event.target.value)}
          size={40}
          autoComplete="off"
          aria-describedby="merchant-secret-status"
          placeholder={current.secretKey === 'set' ? 'Enter a new secret key to replace it' : ''}
        />
        <p id="merchant-secret-status" className="merchant-hint">
          {current.secretKey === 'set' ? `Secret key: •••• set (${secretKeyPlace(keychain)})` : 'Secret key: not set'}
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
            Save keys
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy.has('test') || current.secretKey !== 'set'}
            onClick={() => void testConnection()}
          >
            Test connection
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy.has('deleteKeys') || current.publicKey === null}
            onClick={() => void deleteKeys(current.id)}
          >
            Delete keys
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
  action: 'generate' | 'import' | 'delete',
  environmentLabel: string,
): { title: string; body: string; confirmLabel: string } {
  const lost = `The signing private key for ${environmentLabel}, kept on this computer, is deleted; it cannot be brought back.`;
  if (action === 'delete') {
    return {
      title: 'Delete the signing key?',
      body: `${lost} Requests are no longer signed, and a service that requires signatures refuses them.`,
      confirmLabel: 'Delete signing key',
    };
  }
  const replacement = action === 'generate' ? 'A new key pair takes its place.' : 'The key you pasted takes its place.';
  return {
    title: 'Replace the signing key?',
    body: `${lost} ${replacement} Signing is turned off until you register the new public key with the service and turn it on again.`,
    confirmLabel: 'Replace signing key',
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
  const busy = useMerchantKeysStore((state) => state.busy.has('signing'));
  const { generateSigningKey, importSigningKey, setSigningEnabled, removeSigningKey } = useMerchantKeysStore.getState();
  const [privateKey, setPrivateKey] = useState('');
  // Generating, importing over or deleting the stored private key loses it for good: never without asking.
  const [confirming, setConfirming] = useState<'generate' | 'import' | 'delete' | null>(null);
  const { enabled, publicKeyPem } = current.signing;

  return (
    <section aria-labelledby="merchant-signing-title" className="card">
      <h3 id="merchant-signing-title">Request signing (X-Signature)</h3>
      <p className="merchant-hint">
        Optional, recommended by the service for production: every request then carries an RS512 signature of its body,
        made with a private key that never leaves this computer ({publicKeyPem ? secretKeyPlace(keychain) : 'none yet'}
        ). Register the public key with the service before you turn signing on.
      </p>
      <label>
        <input
          type="checkbox"
          checked={enabled}
          disabled={busy || publicKeyPem === null}
          onChange={(event) => void setSigningEnabled(current.id, event.target.checked)}
        />
        Sign requests with X-Signature
      </label>
      {publicKeyPem !== null && (
        <>
          <label htmlFor="merchant-signing-public">Public key to register with the service</label>
          <textarea id="merchant-signing-public" className="mono" readOnly rows={6} cols={66} value={publicKeyPem} />
          <div className="row">
            <CopyButton text={publicKeyPem} label="Copy public key" />
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming('delete')}>
              Delete signing key
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
          {publicKeyPem === null ? 'Generate key pair' : 'Generate a new key pair'}
        </button>
      </div>
      {confirming !== null && (
        <ConfirmDialog
          {...confirmWords(confirming, current.label)}
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
        aria-label="Import a signing private key"
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
        <label htmlFor="merchant-signing-private">Private key to import (PEM, RSA, 2048 bits or more)</label>
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
          Import private key
        </button>
      </form>
    </section>
  );
}
