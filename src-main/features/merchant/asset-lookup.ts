import { assetNetworks, networks, type AssetNetwork } from '../../../src-preload/contract/assets';
import { AppError } from '../../app-error';
import { requireDecimalPlaces } from '../../service/wire-amount';
import { t } from '../../i18n/main-text';

/**
 * Interface B names a network only by its NetworkId: an asset on a network without a known id cannot be
 * asked for on the network the user chose, so it is refused before anything is sent rather than left to the
 * service's choice.
 */
function noNetworkId(entry: AssetNetwork): AppError {
  return new AppError(
    'invalid_symbol',
    t('mainMerchant.noNetworkId', { network: networks[entry.network].name, asset: entry.asset }),
    { field: 'code' },
  );
}

/** One row of the asset table by its network-specific code (BTC, BSC-USD, OPT-ETH…), on a network Interface B can name. */
export function assetByCode(code: string): AssetNetwork {
  const entry = assetNetworks.find((candidate) => candidate.code === code);
  if (!entry) throw new AppError('invalid_symbol', t('mainMerchant.unsupportedAsset'), { field: 'code' });
  if (networks[entry.network].id === null) throw noNetworkId(entry);
  return entry;
}

export function networkOf(entry: AssetNetwork): { id: number; name: string } {
  const network = networks[entry.network];
  if (network.id === null) throw noNetworkId(entry);
  return { id: network.id, name: network.name };
}

export function networkNameById(id: number): string {
  return (
    Object.values(networks).find((network) => network.id === id)?.name ??
    t('mainMerchant.networkNumbered', { id: String(id) })
  );
}

/** An entered amount, refused when it has more decimals than the asset carries on that network. */
export function requireAmountPrecision(entry: AssetNetwork, text: string, field = 'amount'): string {
  return requireDecimalPlaces(text, entry.code, entry.decimals, field);
}
