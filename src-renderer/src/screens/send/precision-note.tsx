import type { SendAsset } from '../../../../src-preload/contract/send';
import { useText } from '../../i18n/use-text';

/**
 * For a network the app does not know: how many decimal places an amount may have, and that the service's
 * own amounts decided it (docs/design.md "Networks the app does not know").
 */
export function PrecisionNote({ asset, id }: { asset: SendAsset; id?: string | undefined }): React.JSX.Element | null {
  const t = useText();
  const values = { network: asset.network, code: asset.code, decimals: asset.decimals };
  switch (asset.decimalsFrom) {
    case 'known':
      return null;
    case 'service':
      return (
        <p id={id} className="send-precision">
          {t('send.precision.service', values)}
        </p>
      );
    case 'fallback':
      return (
        <p id={id} className="send-precision">
          {t('send.precision.fallback', values)}
        </p>
      );
  }
}
