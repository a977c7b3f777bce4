import type { SendAsset } from '../../../../src-preload/contract/send';

/**
 * For a network the app does not know: how many decimal places an amount may have, and that the service's
 * own amounts decided it (docs/design.md "Networks the app does not know").
 */
export function PrecisionNote({ asset, id }: { asset: SendAsset; id?: string | undefined }): React.JSX.Element | null {
  switch (asset.decimalsFrom) {
    case 'known':
      return null;
    case 'service':
      return (
        <p id={id} className="send-precision">
          {`The app does not know ${asset.network}, so ${asset.code} amounts take up to ${asset.decimals} decimal places: the most that the service's own ${asset.code} amounts show.`}
        </p>
      );
    case 'fallback':
      return (
        <p id={id} className="send-precision">
          {`The app does not know ${asset.network}, and the service's own ${asset.code} amounts show no more than ${asset.decimals} decimal places, so ${asset.code} amounts take up to ${asset.decimals} decimal places.`}
        </p>
      );
  }
}
