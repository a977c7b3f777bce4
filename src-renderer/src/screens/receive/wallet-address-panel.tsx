import { useId, useState } from 'react';
import { AddressDisplay } from '../../components/address-display';
import { CopyButton } from '../../components/copy-button';
import { ErrorMessage } from '../../components/error-message';
import { QrCode } from '../../components/qr-code';
import { useText } from '../../i18n/use-text';
import { useReceiveStore } from '../../stores/receive-store';
import { assetOf, assetsOf, networksOf, receiveChoices } from './asset-choices';

/** Choose an asset and a network; see the wallet's address with its QR code and a checked copy. */
export function WalletAddressPanel(): React.JSX.Element {
  const code = useReceiveStore((state) => state.code);
  const address = useReceiveStore((state) => state.address);
  const loading = useReceiveStore((state) => state.addressLoading);
  const error = useReceiveStore((state) => state.addressError);
  const choose = useReceiveStore((state) => state.choose);
  const listed = useReceiveStore((state) => state.listed);
  const [asset, setAsset] = useState<string>(code ? assetOf(code) : '');
  const assetId = useId();
  const t = useText();
  const networkId = useId();
  const all = receiveChoices(listed);
  const choices = asset ? networksOf(all, asset) : [];

  function pickAsset(next: string): void {
    setAsset(next);
    const only = networksOf(all, next);
    // One network: nothing left to choose.
    void choose(only.length === 1 && only[0] ? only[0].code : null);
  }

  return (
    <section aria-labelledby="receive-wallet-title" className="card receive-wallet">
      <h3 id="receive-wallet-title">{t('receive.wallet.title')}</h3>
      <div className="row receive-pickers">
        <div>
          <label htmlFor={assetId}>{t('receive.wallet.asset')}</label>
          <select id={assetId} value={asset} onChange={(event) => pickAsset(event.target.value)}>
            <option value="">{t('receive.wallet.chooseAsset')}</option>
            {assetsOf(all).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={networkId}>{t('receive.wallet.network')}</label>
          <select
            id={networkId}
            value={code ?? ''}
            disabled={choices.length === 0}
            onChange={(event) => void choose(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">{t('receive.wallet.chooseNetwork')}</option>
            {choices.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {t('receive.wallet.networkOption', { network: choice.network, code: choice.code })}
              </option>
            ))}
          </select>
        </div>
      </div>

      {loading && (
        <span className="skeleton receive-address-skeleton" aria-busy="true" aria-label={t('receive.wallet.loading')} />
      )}
      <ErrorMessage error={error} />
      {address && code === address.code && (
        <div className="receive-result">
          <p className="warning" role="note">
            {t('receive.wallet.only', { asset: assetOf(address.code), network: address.network })}
          </p>
          {!address.addressChecked && (
            <p className="warning receive-unchecked" role="note">
              {t('receive.wallet.unchecked', { network: address.network })}
            </p>
          )}
          <AddressDisplay
            address={address.address}
            caption={t('receive.wallet.caption', { name: address.displayName })}
          />
          <QrCode
            value={address.address}
            description={t('receive.wallet.qr', { name: address.displayName, network: address.network })}
          />
          <CopyButton text={address.address} />
        </div>
      )}
    </section>
  );
}
