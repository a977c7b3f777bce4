import type { CreatedDepositAddressView } from '../../../../src-preload/contract/receive';
import { useText } from '../../i18n/use-text';
import { assetOf } from './asset-choices';

/**
 * Why a deposit QR code holds only the address although an amount was asked for, and whether the address
 * was checked: payment links only for schemes the app knows (docs/design.md "Networks the app does not know").
 */
export function PlainQrNote({ created }: { created: CreatedDepositAddressView }): React.JSX.Element | null {
  const t = useText();
  switch (created.plainQrReason) {
    case null:
    case 'no-amount':
      return null;
    case 'no-scheme':
      return (
        <p className="receive-plain-qr" role="note">
          {t('receive.plainQr.noScheme', { asset: assetOf(created.symbol), network: created.network })}
        </p>
      );
    case 'unknown-network':
      return (
        <p className="warning receive-plain-qr" role="note">
          {t('receive.plainQr.unknownNetwork', { network: created.network })}
        </p>
      );
  }
}
