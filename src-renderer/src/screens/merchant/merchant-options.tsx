import { assetNetworks, networks } from '../../../../src-preload/contract/asset-table';
import { t } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { type FeedbackMessage, messageText } from '../../stores/merchant-run';

/**
 * Asset choices as the service names them: network-specific code with its network (spec 2.3). The merchant
 * API names a network only by its NetworkId, so by default only networks with a known one are offered; the
 * address book, which never calls it, offers every network the app can check.
 */
export function AssetOptions({ all = false }: { all?: boolean }): React.JSX.Element {
  const t = useText();
  return (
    <>
      {assetNetworks
        .filter((entry) => all || networks[entry.network].id !== null)
        .map((entry) => (
          <option key={entry.code} value={entry.code}>
            {t('merchant.asset.option', {
              asset: entry.asset,
              network: networks[entry.network].name,
              code: entry.code,
            })}
          </option>
        ))}
    </>
  );
}

export function assetLabel(code: string): string {
  const entry = assetNetworks.find((candidate) => candidate.code === code);
  return entry ? t('merchant.asset.label', { asset: entry.asset, network: networks[entry.network].name }) : code;
}

/** Feedback under a section: an error as an alert, a success as a status. */
export function Feedback({
  error,
  message,
}: {
  error: { message: string } | null;
  message: FeedbackMessage | null;
}): React.JSX.Element | null {
  useText();
  if (error) {
    return (
      <p role="alert" className="error">
        {error.message}
      </p>
    );
  }
  if (message) return <p role="status">{messageText(message)}</p>;
  return null;
}
