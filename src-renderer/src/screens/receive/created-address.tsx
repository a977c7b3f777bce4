import type { CreatedDepositAddressView } from '../../../../src-preload/contract/receive';
import { AddressDisplay } from '../../components/address-display';
import { CryptoAmount } from '../../components/amount';
import { CopyButton } from '../../components/copy-button';
import { QrCode } from '../../components/qr-code';
import { selectPrivacyMode, useAppStore } from '../../stores/app-store';
import { assetOf } from './asset-choices';
import { PlainQrNote } from './plain-qr-note';
import { RichText, useText } from '../../i18n/use-text';

/** The select keys of receive.created.qrLink (ICU select keys take no hyphen). */
const uriKinds: Record<CreatedDepositAddressView['paymentUriKind'], string> = {
  bip21: 'bip21',
  'eip681-native': 'eip681native',
  'solana-pay': 'solanapay',
  'eip681-token': 'eip681token',
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
  const t = useText();
  const hasLink = created.paymentUri !== created.address;
  // A payment link carries the amount: in privacy mode neither its text nor its QR code is shown.
  const linkShown = hasLink && !privacyMode;
  const qrValue = linkShown ? created.paymentUri : created.address;

  return (
    <section className="card created-address" aria-labelledby="created-address-title">
      <h3 id="created-address-title" ref={headingRef} tabIndex={-1}>
        {t('receive.created.title')}
      </h3>
      <p className="warning" role="note">
        {t('receive.created.only', { asset: assetOf(created.symbol), network: created.network })}
      </p>
      <PlainQrNote created={created} />
      <AddressDisplay address={created.address} caption={t('receive.created.caption')} />
      <QrCode
        value={qrValue}
        description={
          linkShown
            ? t('receive.created.qrLink', { kind: uriKinds[created.paymentUriKind] })
            : t('receive.created.qrAddress', { network: created.network })
        }
      />
      <div className="row">
        <CopyButton text={created.address} label={t('receive.created.copyAddress')} />
        {linkShown && <CopyButton text={created.paymentUri} label={t('receive.created.copyLink')} />}
      </div>
      <dl className="facts">
        {hasLink && (
          <>
            <dt>{t('receive.created.link')}</dt>
            <dd className="mono">
              {linkShown ? (
                created.paymentUri
              ) : (
                <span aria-label={t('receive.created.linkHidden')}>{t('receive.created.hidden')}</span>
              )}
            </dd>
          </>
        )}
        {created.amount !== undefined && (
          <>
            <dt>{t('receive.created.amount')}</dt>
            <dd>
              {created.currency ? (
                <RichText
                  id="receive.created.priced"
                  values={{
                    amount: <CryptoAmount value={created.amount} code={created.symbol} />,
                    currency: created.currency,
                  }}
                />
              ) : (
                <CryptoAmount value={created.amount} code={created.symbol} />
              )}
            </dd>
          </>
        )}
        <dt>{t('receive.created.reference')}</dt>
        <dd className="mono">{created.referenceId}</dd>
        <dt>{t('receive.created.request')}</dt>
        <dd className="mono">{created.requestId}</dd>
      </dl>
    </section>
  );
}
