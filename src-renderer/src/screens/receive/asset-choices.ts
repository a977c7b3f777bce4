import {
  assetNetworks,
  networks,
  type AssetCode,
  type AssetNetwork,
} from '../../../../src-preload/contract/asset-table';

/** Assets in table order, each once (BTC, LTC, ETH, USDT, USDC, BNB). */
export const assets: readonly string[] = [...new Set(assetNetworks.map((entry) => entry.asset))];

export function networksOf(asset: string): readonly AssetNetwork[] {
  return assetNetworks.filter((entry) => entry.asset === asset);
}

export function networkName(entry: AssetNetwork): string {
  return networks[entry.network].name;
}

/** "USDT on Ethereum Mainnet": what a person chooses, with the service's code alongside. */
export function describeCode(code: AssetCode): string {
  const entry = assetNetworks.find((candidate) => candidate.code === code);
  return entry ? `${entry.asset} on ${networkName(entry)}` : code;
}

export function assetOf(code: string): string {
  return assetNetworks.find((candidate) => candidate.code === code)?.asset ?? code;
}
