// Plain data and helpers, no zod: the renderer's first screen imports these without loading any validator.
/**
 * Networks and assets the app knows facts about: spec 2.3's table and, beyond it, TRON (NetworkId 6, from
 * design.md "More facts from the vendor's public material"), Solana and Avalanche C-Chain, whose assets the
 * spec's swap balance lists. Known facts, not the limit: the service's own lists say which assets exist. `id`
 * is the Interface B NetworkId, null where none is known (such a network cannot be named to Interface B).
 * `code` is the network-specific symbol the service uses; `decimals` is the precision amounts are shown and
 * entered with.
 */
export const networks = {
  bitcoin: { id: 1, name: 'Bitcoin Mainnet', kind: 'bitcoin' },
  litecoin: { id: 2, name: 'Litecoin Mainnet', kind: 'litecoin' },
  ethereum: { id: 3, name: 'Ethereum Mainnet', kind: 'evm' },
  bsc: { id: 4, name: 'Binance Smartchain', kind: 'evm' },
  optimism: { id: 5, name: 'Optimism Mainnet', kind: 'evm' },
  tron: { id: 6, name: 'Tron Mainnet', kind: 'tron' },
  solana: { id: null, name: 'Solana Mainnet', kind: 'solana' },
  avalanche: { id: null, name: 'Avalanche C-Chain', kind: 'evm' },
} as const satisfies Record<string, { id: number | null; name: string; kind: string }>;
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
  { asset: 'TRX', network: 'tron', code: 'TRX', decimals: 6 },
  // Named as spec 2.3 names its siblings (bscusdBalance is BSC-USD): trxusdBalance is TRX-USD.
  { asset: 'USDT', network: 'tron', code: 'TRX-USD', decimals: 6 },
  { asset: 'SOL', network: 'solana', code: 'SOL', decimals: 9 },
  { asset: 'AVAX', network: 'avalanche', code: 'AVAX', decimals: 18 },
] as const satisfies ReadonlyArray<{ asset: string; network: NetworkKey; code: string; decimals: number }>;

export type AssetNetwork = (typeof assetNetworks)[number];
export type AssetCode = AssetNetwork['code'];
export const assetCodes = assetNetworks.map((entry) => entry.code);

/** Shown amounts never exceed this many fraction digits, whatever the chain's own precision. */
export const DISPLAY_DECIMALS_CAP = 8;

/** Entries by code, the first of a code winning as `find` would: a history export looks up two per record. */
const byCode: ReadonlyMap<string, AssetNetwork> = new Map(
  [...assetNetworks].reverse().map((entry) => [entry.code, entry] as const),
);

export function findAssetNetwork(code: string): AssetNetwork | undefined {
  return byCode.get(code);
}

export function findByNetworkName(asset: string, networkName: string): AssetNetwork | undefined {
  return assetNetworks.find((entry) => entry.asset === asset && networks[entry.network].name === networkName);
}

/** Fraction digits to show for an asset: its precision, capped for readability; 8 for unknown codes. */
export function displayDecimals(code: string): number {
  const entry = findAssetNetwork(code);
  return Math.min(entry?.decimals ?? DISPLAY_DECIMALS_CAP, DISPLAY_DECIMALS_CAP);
}
