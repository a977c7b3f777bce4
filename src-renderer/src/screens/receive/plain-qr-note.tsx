import type { CreatedDepositAddressView } from '../../../../src-preload/contract/receive';
import { assetOf } from './asset-choices';

/**
 * Why a deposit QR code holds only the address although an amount was asked for, and whether the address
 * was checked: payment links only for schemes the app knows (docs/design.md "Networks the app does not know").
 */
export function PlainQrNote({ created }: { created: CreatedDepositAddressView }): React.JSX.Element | null {
  switch (created.plainQrReason) {
    case null:
    case 'no-amount':
      return null;
    case 'no-scheme':
      return (
        <p className="receive-plain-qr" role="note">
          {`The QR code holds only the address, with no payment link: the app knows no payment-link scheme for ${assetOf(created.symbol)} on ${created.network} that wallets agree on. The payer enters the amount themselves.`}
        </p>
      );
    case 'unknown-network':
      return (
        <p className="warning receive-plain-qr" role="note">
          {`The QR code holds only the address, with no payment link: the app does not know ${created.network}, so it knows no payment-link scheme for it, and the payer enters the amount themselves. The address is shown as the service sent it, without a format check.`}
        </p>
      );
  }
}
