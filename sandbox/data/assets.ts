/**
 * The wallets of spec section 2.3: one entry per asset and network, keyed by the network-specific symbol that
 * Interface A uses as `symbol`.
 */
export type NetworkName =
  'Bitcoin Mainnet' | 'Litecoin Mainnet' | 'Ethereum Mainnet' | 'Binance Smartchain' | 'Optimism Mainnet';

export type AddressKind = 'btc' | 'ltc' | 'evm';

export interface AssetDef {
  symbolId: number;
  /** Network-specific symbol (spec 2.3, in brackets). */
  symbol: string;
  /** The asset across networks (BTC, LTC, ETH, USDT, USDC, BNB). */
  asset: string;
  name: string;
  displayName: string;
  network: NetworkName;
  networkId: number;
  addressKind: AddressKind;
  /** Decimal places amounts are kept to. */
  decimals: number;
  /** Wallet symbol whose balance pays this asset's network fee. */
  feeSymbol: string;
  /** Base fee for the Standard rate, in feeSymbol units. */
  baseFee: string;
  /** USD price before the seed's jitter. */
  basePrice: number;
  explorerTx: string;
}

export const NETWORK_IDS: Record<NetworkName, number> = {
  'Bitcoin Mainnet': 1,
  'Litecoin Mainnet': 2,
  'Ethereum Mainnet': 3,
  'Binance Smartchain': 4,
  'Optimism Mainnet': 5,
};

const etherscan = 'https://etherscan.io/tx/';
const bscscan = 'https://bscscan.com/tx/';
const optimistic = 'https://optimistic.etherscan.io/tx/';

export const ASSETS: readonly AssetDef[] = [
  {
    symbolId: 1,
    symbol: 'BTC',
    asset: 'BTC',
    name: 'Bitcoin',
    displayName: 'Bitcoin',
    network: 'Bitcoin Mainnet',
    networkId: 1,
    addressKind: 'btc',
    decimals: 8,
    feeSymbol: 'BTC',
    baseFee: '0.00002',
    basePrice: 64250.12,
    explorerTx: 'https://mempool.space/tx/',
  },
  {
    symbolId: 2,
    symbol: 'LTC',
    asset: 'LTC',
    name: 'Litecoin',
    displayName: 'Litecoin',
    network: 'Litecoin Mainnet',
    networkId: 2,
    addressKind: 'ltc',
    decimals: 8,
    feeSymbol: 'LTC',
    baseFee: '0.0001',
    basePrice: 71.35,
    explorerTx: 'https://blockchair.com/litecoin/transaction/',
  },
  {
    symbolId: 3,
    symbol: 'ETH',
    asset: 'ETH',
    name: 'Ethereum',
    displayName: 'Ethereum',
    network: 'Ethereum Mainnet',
    networkId: 3,
    addressKind: 'evm',
    decimals: 8,
    feeSymbol: 'ETH',
    baseFee: '0.0006',
    basePrice: 3120.4,
    explorerTx: etherscan,
  },
  {
    symbolId: 4,
    symbol: 'OPT-ETH',
    asset: 'ETH',
    name: 'Ethereum',
    displayName: 'ETH (Optimism)',
    network: 'Optimism Mainnet',
    networkId: 5,
    addressKind: 'evm',
    decimals: 8,
    feeSymbol: 'OPT-ETH',
    baseFee: '0.00002',
    basePrice: 3120.4,
    explorerTx: optimistic,
  },
  {
    symbolId: 5,
    symbol: 'USDT',
    asset: 'USDT',
    name: 'Tether',
    displayName: 'USDT (ERC-20)',
    network: 'Ethereum Mainnet',
    networkId: 3,
    addressKind: 'evm',
    decimals: 6,
    feeSymbol: 'ETH',
    baseFee: '0.0009',
    basePrice: 1,
    explorerTx: etherscan,
  },
  {
    symbolId: 6,
    symbol: 'BSC-USD',
    asset: 'USDT',
    name: 'Tether',
    displayName: 'USDT (BEP-20)',
    network: 'Binance Smartchain',
    networkId: 4,
    addressKind: 'evm',
    decimals: 6,
    feeSymbol: 'BNB',
    baseFee: '0.0003',
    basePrice: 1,
    explorerTx: bscscan,
  },
  {
    symbolId: 7,
    symbol: 'OPT-USD',
    asset: 'USDT',
    name: 'Tether',
    displayName: 'USDT (Optimism)',
    network: 'Optimism Mainnet',
    networkId: 5,
    addressKind: 'evm',
    decimals: 6,
    feeSymbol: 'OPT-ETH',
    baseFee: '0.00003',
    basePrice: 1,
    explorerTx: optimistic,
  },
  {
    symbolId: 8,
    symbol: 'ETH-USDC',
    asset: 'USDC',
    name: 'USD Coin',
    displayName: 'USDC (ERC-20)',
    network: 'Ethereum Mainnet',
    networkId: 3,
    addressKind: 'evm',
    decimals: 6,
    feeSymbol: 'ETH',
    baseFee: '0.0009',
    basePrice: 1,
    explorerTx: etherscan,
  },
  {
    symbolId: 9,
    symbol: 'BSC-USDC',
    asset: 'USDC',
    name: 'USD Coin',
    displayName: 'USDC (BEP-20)',
    network: 'Binance Smartchain',
    networkId: 4,
    addressKind: 'evm',
    decimals: 6,
    feeSymbol: 'BNB',
    baseFee: '0.0003',
    basePrice: 1,
    explorerTx: bscscan,
  },
  {
    symbolId: 10,
    symbol: 'BNB',
    asset: 'BNB',
    name: 'BNB',
    displayName: 'BNB',
    network: 'Binance Smartchain',
    networkId: 4,
    addressKind: 'evm',
    decimals: 8,
    feeSymbol: 'BNB',
    baseFee: '0.0002',
    basePrice: 585.6,
    explorerTx: bscscan,
  },
];

const bySymbol = new Map(ASSETS.map((a) => [a.symbol.toUpperCase(), a]));

/** Case-insensitive lookup of a network-specific symbol (BTC, OPT-USD, ...). */
export function findAsset(symbol: string): AssetDef | undefined {
  return bySymbol.get(symbol.toUpperCase());
}

/** Lookup by asset and network name, as the swap calls address wallets. */
export function findAssetOnNetwork(asset: string, network: string): AssetDef | undefined {
  const a = asset.toUpperCase();
  const n = network.toLowerCase();
  return ASSETS.find((d) => (d.asset === a || d.symbol === a) && d.network.toLowerCase() === n);
}
