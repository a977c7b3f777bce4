// Plain data and helpers, no zod: the renderer's first screen imports these without loading any validator.
/**
 * Assets and networks of the service (spec 2.3). `code` is the network-specific symbol the service
 * uses; `decimals` is the precision amounts are shown and entered with.
 */
export const networks = {
  bitcoin: { id: 1, name: 'Bitcoin Mainnet', kind: 'bitcoin' },
  litecoin: { id: 2, name: 'Litecoin Mainnet', kind: 'litecoin' },
  ethereum: { id: 3, name: 'Ethereum Mainnet', kind: 'evm' },
  bsc: { id: 4, name: 'Binance Smartchain', kind: 'evm' },
  optimism: { id: 5, name: 'Optimism Mainnet', kind: 'evm' },
} as const;
export type NetworkKey = keyof typeof networks;
export type NetworkKind = (typeof networks)[NetworkKey]['kind'];

export const assetNetworks = [
  { asset: 'BTC', network: 'bitcoin', code: 'BTC', decimals: 8 },
  { asset: 'LTC', network: 'litecoin', code: 'LTC', decimals: 8 },
  { asset: 'ETH', network: 'ethereum', code: 'ETH', decimals: 18 },
  { asset: 'ETH', network: 'optimism', code: 'OPT-ETH', decimals: 18 },
  { asset: 'USDT', network: 'ethereum', code: 'USDT', decimals: 6 },
  { asset: 'USDT', network: 'bsc', code: 'BSC-USD', decimals: 18 },
  { asset: 'USDT', network: 'optimism', code: 'OPT-USD', decimals: 6 },
  { asset: 'USDC', network: 'ethereum', code: 'ETH-USDC', decimals: 6 },
  { asset: 'USDC', network: 'bsc', code: 'BSC-USDC', decimals: 18 },
  { asset: 'BNB', network: 'bsc', code: 'BNB', decimals: 18 },
] as const satisfies ReadonlyArray<{ asset: string; network: NetworkKey; code: string; decimals: number }>;

export type AssetNetwork = (typeof assetNetworks)[number];
export type AssetCode = AssetNetwork['code'];
export const assetCodes = assetNetworks.map((entry) => entry.code);

/** Shown amounts never exceed this many fraction digits, whatever the chain's own precision. */
export const DISPLAY_DECIMALS_CAP = 8;

export function findAssetNetwork(code: string): AssetNetwork | undefined {
  return assetNetworks.find((entry) => entry.code === code);
}

export function findByNetworkName(asset: string, networkName: string): AssetNetwork | undefined {
  return assetNetworks.find((entry) => entry.asset === asset && networks[entry.network].name === networkName);
}

/** Fraction digits to show for an asset: its precision, capped for readability; 8 for unknown codes. */
export function displayDecimals(code: string): number {
  const entry = findAssetNetwork(code);
  return Math.min(entry?.decimals ?? DISPLAY_DECIMALS_CAP, DISPLAY_DECIMALS_CAP);
}
