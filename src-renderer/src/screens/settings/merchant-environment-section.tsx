import { useEffect, useId, useState } from 'react';
import { environmentNames } from '../../../../src-preload/contract/environment-names';
import type { EnvironmentId } from '../../../../src-preload/contract/app';
import type { MerchantEnvironmentView } from '../../../../src-preload/contract/merchant';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { useText } from '../../i18n/use-text';
import { checkMerchantApi } from '../../stores/environments-store';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { Feedback } from '../merchant/merchant-options';

/**
 * Which merchant API (Interface B) environment the Merchant screens use, and its address, tested without
 * keys before it is saved. Keys stay under Merchant › API keys, bound to the address they were entered for.
 */
export function MerchantEnvironmentSection(): React.JSX.Element {
  const overview = useMerchantKeysStore((state) => state.overview);
  const busy = useMerchantKeysStore((state) => state.busy);
  const feedback = useMerchantKeysStore((state) => state.feedback.keys);
  const headingId = useId();
  const selectId = useId();
  const t = useText();

  useEffect(() => {
    void useMerchantKeysStore.getState().load();
  }, []);

  const current = overview?.environments.find((environment) => environment.id === overview.environment) ?? null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.merchantApi.title')}</h3>
      {!overview || !current ? (
        <>
          <p aria-busy="true">{t('settings.loading')}</p>
          <Feedback {...feedback} />
        </>
      ) : (
        <>
          <label htmlFor={selectId}>{t('settings.merchantApi.environment')}</label>
          <select
            id={selectId}
            value={overview.environment}
            disabled={busy.has('environment')}
            onChange={(event) =>
              void useMerchantKeysStore.getState().setEnvironment(event.target.value as EnvironmentId)
            }
          >
            {overview.environments.map((environment) => (
              <option key={environment.id} value={environment.id}>
                {t(environmentNames[environment.id])}
              </option>
            ))}
          </select>
          <MerchantAddressForm key={`${current.id}|${current.apiUrl ?? ''}`} current={current} />
          <Feedback {...feedback} />
        </>
      )}
    </section>
  );
}

/** The shape of an address, not a text to translate. */
const exampleApiUrl = 'https://api.example.com';

function MerchantAddressForm({ current }: { current: MerchantEnvironmentView }): React.JSX.Element {
  const busy = useMerchantKeysStore((state) => state.busy);
  const [apiUrl, setApiUrl] = useState(current.apiUrl ?? '');
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<{ message: string | null; error: BridgeError | null }>({
    message: null,
    error: null,
  });
  const inputId = useId();
  const t = useText();

  return (
    <form
      aria-label={t('settings.merchantApi.addressForm')}
      onSubmit={(event) => {
        event.preventDefault();
        setTested({ message: null, error: null });
        void useMerchantKeysStore.getState().setApiUrl(current.id, apiUrl);
      }}
    >
      <label htmlFor={inputId}>{t('settings.merchantApi.address')}</label>
      <input
        id={inputId}
        type="url"
        value={apiUrl}
        readOnly={!current.apiUrlEditable}
        placeholder={exampleApiUrl}
        onChange={(event) => setApiUrl(event.target.value)}
        size={40}
        spellCheck={false}
      />
      {(current.id === 'production' || current.id === 'service-sandbox') && (
        <p className="hint">{t('settings.merchantApi.prefilled')}</p>
      )}
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={testing || apiUrl.trim() === ''}
          onClick={() => {
            setTesting(true);
            setTested({ message: null, error: null });
            void checkMerchantApi(current.id, apiUrl).then((result) => {
              setTesting(false);
              setTested(
                result.ok ? { message: result.value.message, error: null } : { message: null, error: result.error },
              );
            });
          }}
        >
          {t('settings.merchantApi.test')}
        </button>
        {current.apiUrlEditable && (
          <button type="submit" className="secondary" disabled={busy.has('apiUrl')}>
            {t('settings.merchantApi.save')}
          </button>
        )}
      </div>
      {tested.message && <p role="status">{tested.message}</p>}
      <ErrorMessage error={tested.error} />
    </form>
  );
}
