import type { CreatedDepositAddressView } from '../../../../src-preload/contract/receive';
import { AddressDisplay } from '../../components/address-display';
import { CryptoAmount } from '../../components/amount';
import { CopyButton } from '../../components/copy-button';
import { QrCode } from '../../components/qr-code';
import { selectPrivacyMode, useAppStore } from '../../stores/app-store';
import { assetOf } from './asset-choices';
import { PlainQrNote } from './plain-qr-note';

const uriNames: Record<CreatedDepositAddressView['paymentUriKind'], string> = {
  bip21: 'BIP-21 payment link',
  'eip681-native': 'EIP-681 payment link',
  'solana-pay': 'Solana Pay link',
  'eip681-token': 'EIP-681 token transfer link',
  address: 'address',
};

/** The address just created: its QR code (the payment link when there is an amount), ids and copies. */
export function CreatedAddress({
  created,
  headingRef,
}: {
  created: CreatedDepositAddressView;
  headingRef?: React.Ref<HTMLHeadingElement>;
}): React.JSX.Element {
  const privacyMode = useAppStore(selectPrivacyMode);
  const hasLink = created.paymentUri !== created.address;
  // A payment link carries the amount: in privacy mode neither its text nor its QR code is shown.
  const linkShown = hasLink && !privacyMode;
  const qrValue = linkShown ? created.paymentUri : created.address;

  return (
    <section className="card created-address" aria-labelledby="created-address-title">
      <h3 id="created-address-title" ref={headingRef} tabIndex={-1}>
        Deposit address created
      </h3>
      <p
        className="warning"
        role="note"
      >{`Send only ${assetOf(created.symbol)} on ${created.network} to this address.`}</p>
      <PlainQrNote created={created} />
      <AddressDisplay address={created.address} caption="Deposit address" />
      <QrCode
        value={qrValue}
        description={
          linkShown
            ? `QR code of the ${uriNames[created.paymentUriKind]} for this deposit`
            : `QR code of the deposit address on ${created.network}`
        }
      />
      <div className="row">
        <CopyButton text={created.address} label="Copy address" />
        {linkShown && <CopyButton text={created.paymentUri} label="Copy payment link" />}
      </div>
      <dl className="facts">
        {hasLink && (
          <>
            <dt>Payment link</dt>
            <dd className="mono">
              {linkShown ? created.paymentUri : <span aria-label="Hidden payment link">Hidden in privacy mode</span>}
            </dd>
          </>
        )}
        {created.amount !== undefined && (
          <>
            <dt>Expected amount</dt>
            <dd>
              <CryptoAmount value={created.amount} code={created.symbol} />
              {created.currency && ` (priced in ${created.currency})`}
            </dd>
          </>
        )}
        <dt>Reference id</dt>
        <dd className="mono">{created.referenceId}</dd>
        <dt>Request id</dt>
        <dd className="mono">{created.requestId}</dd>
      </dl>
    </section>
  );
}
