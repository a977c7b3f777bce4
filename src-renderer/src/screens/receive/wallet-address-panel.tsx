import { useId, useState } from 'react';
import { AddressDisplay } from '../../components/address-display';
import { CopyButton } from '../../components/copy-button';
import { ErrorMessage } from '../../components/error-message';
import { QrCode } from '../../components/qr-code';
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
      <h3 id="receive-wallet-title">Receive to your wallet</h3>
      <div className="row receive-pickers">
        <div>
          <label htmlFor={assetId}>Asset</label>
          <select id={assetId} value={asset} onChange={(event) => pickAsset(event.target.value)}>
            <option value="">Choose an asset</option>
            {assetsOf(all).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={networkId}>Network</label>
          <select
            id={networkId}
            value={code ?? ''}
            disabled={choices.length === 0}
            onChange={(event) => void choose(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">Choose a network</option>
            {choices.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.network} ({choice.code})
              </option>
            ))}
          </select>
        </div>
      </div>

      {loading && <span className="skeleton receive-address-skeleton" aria-busy="true" aria-label="Loading address" />}
      <ErrorMessage error={error} />
      {address && code === address.code && (
        <div className="receive-result">
          <p className="warning" role="note">
            {`Send only ${assetOf(address.code)} on ${address.network} to this address. Any other asset, or ${assetOf(address.code)} on another network, will be lost.`}
          </p>
          {!address.addressChecked && (
            <p className="warning receive-unchecked" role="note">
              {`The app does not know the address format of ${address.network}, so this address is shown as the service sent it, without a format check. The QR code holds only the address, as the app knows no payment-link scheme for ${address.network}.`}
            </p>
          )}
          <AddressDisplay address={address.address} caption={`${address.displayName} address`} />
          <QrCode
            value={address.address}
            description={`QR code of your ${address.displayName} address on ${address.network}`}
          />
          <CopyButton text={address.address} />
        </div>
      )}
    </section>
  );
}
