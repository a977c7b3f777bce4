import { assetNetworks, networks, type AssetNetwork } from '../../../src-preload/contract/assets';
import { AppError } from '../../app-error';
import { requireDecimalPlaces } from '../../service/wire-amount';

/** One row of the asset table by its network-specific code (BTC, BSC-USD, OPT-ETH…). */
export function assetByCode(code: string): AssetNetwork {
  const entry = assetNetworks.find((candidate) => candidate.code === code);
  if (!entry) throw new AppError('invalid_symbol', 'This asset is not supported.', { field: 'code' });
  return entry;
}

export function networkOf(entry: AssetNetwork): { id: number; name: string } {
  return networks[entry.network];
}

export function networkNameById(id: number): string {
  return Object.values(networks).find((network) => network.id === id)?.name ?? `Network ${id}`;
}

/** An entered amount, refused when it has more decimals than the asset carries on that network. */
export function requireAmountPrecision(entry: AssetNetwork, text: string, field = 'amount'): string {
  return requireDecimalPlaces(text, entry.code, entry.decimals, field);
}
