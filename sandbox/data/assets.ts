/**
 * The wallets of spec section 2.3: one entry per asset and network, keyed by the network-specific symbol that
 * Interface A uses as `symbol`.
 */
export type NetworkName =
  | 'Bitcoin Mainnet'
  | 'Litecoin Mainnet'
  | 'Ethereum Mainnet'
  | 'Binance Smartchain'
  | 'Optimism Mainnet'
  | 'Tron Mainnet'
  | 'Solana Mainnet'
  | 'Avalanche C-Chain'
  | 'Polygon Mainnet';

export type AddressKind = 'btc' | 'ltc' | 'evm' | 'tron' | 'solana';

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
  /** Not offered by Interface B (no NetworkId is known for its network). */
  noInterfaceB?: true;
}

export const NETWORK_IDS: Partial<Record<NetworkName, number>> = {
  'Bitcoin Mainnet': 1,
  'Litecoin Mainnet': 2,
  'Ethereum Mainnet': 3,
  'Binance Smartchain': 4,
  'Optimism Mainnet': 5,
  'Tron Mainnet': 6,
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

/**
 * What the wider service adds (README "The wider service"): the assets the spec's swap balance and merchant
 * balances name beyond its table (TRX and USDT on TRON, SOL, AVAX), and one wallet on a network the app
 * knows nothing of (Polygon), so the app's handling of an unknown network can be tried. Appended after
 * spec 2.3's wallets, so every seeded value of those stays as it was.
 */
export const WIDER_ASSETS: readonly AssetDef[] = [
  {
    symbolId: 11,
    symbol: 'TRX',
    asset: 'TRX',
    name: 'TRON',
    displayName: 'TRON',
    network: 'Tron Mainnet',
    networkId: 6,
    addressKind: 'tron',
    decimals: 6,
    feeSymbol: 'TRX',
    baseFee: '1.1',
    basePrice: 0.16,
    explorerTx: 'https://tronscan.org/#/transaction/',
  },
  {
    symbolId: 12,
    symbol: 'TRX-USD',
    asset: 'USDT',
    name: 'Tether',
    displayName: 'USDT (TRC-20)',
    network: 'Tron Mainnet',
    networkId: 6,
    addressKind: 'tron',
    decimals: 6,
    feeSymbol: 'TRX',
    baseFee: '6.5',
    basePrice: 1,
    explorerTx: 'https://tronscan.org/#/transaction/',
  },
  {
    symbolId: 13,
    symbol: 'SOL',
    asset: 'SOL',
    name: 'Solana',
    displayName: 'Solana',
    network: 'Solana Mainnet',
    networkId: 0,
    addressKind: 'solana',
    decimals: 9,
    feeSymbol: 'SOL',
    baseFee: '0.000005',
    basePrice: 142.5,
    explorerTx: 'https://solscan.io/tx/',
    noInterfaceB: true,
  },
  {
    symbolId: 14,
    symbol: 'AVAX',
    asset: 'AVAX',
    name: 'Avalanche',
    displayName: 'Avalanche C-Chain',
    network: 'Avalanche C-Chain',
    networkId: 0,
    addressKind: 'evm',
    decimals: 8,
    feeSymbol: 'AVAX',
    baseFee: '0.001',
    basePrice: 27.4,
    explorerTx: 'https://snowtrace.io/tx/',
    noInterfaceB: true,
  },
  {
    symbolId: 15,
    symbol: 'POL',
    asset: 'POL',
    name: 'Polygon',
    displayName: 'Polygon',
    network: 'Polygon Mainnet',
    networkId: 0,
    addressKind: 'evm',
    // Polygon's own precision: beyond the 8 places the app allows where it knows nothing, so the app must
    // take the precision from the service's amounts to send every amount the service can hold.
    decimals: 18,
    feeSymbol: 'POL',
    baseFee: '0.01',
    basePrice: 0.45,
    explorerTx: 'https://polygonscan.com/tx/',
    noInterfaceB: true,
  },
];

// One sandbox per process is the rule of every caller (the CLI, each test file), so the choice made at
// start is kept here rather than threaded through every route.
let wider = false;

/** Whether the sandbox plays the wider service; set by startSandbox before the world is built. */
export function setWiderService(on: boolean): void {
  wider = on;
}

/** Whether the sandbox plays the wider service. */
export function widerService(): boolean {
  return wider;
}

/** Every asset the service holds: spec 2.3's, then the wider service's when it is on. */
export function catalogue(): readonly AssetDef[] {
  return wider ? [...ASSETS, ...WIDER_ASSETS] : ASSETS;
}

/** Case-insensitive lookup of a network-specific symbol (BTC, OPT-USD, ...). */
export function findAsset(symbol: string): AssetDef | undefined {
  const wanted = symbol.toUpperCase();
  return catalogue().find((a) => a.symbol.toUpperCase() === wanted);
}

/** Lookup by asset and network name, as the swap calls address wallets. */
export function findAssetOnNetwork(asset: string, network: string): AssetDef | undefined {
  const a = asset.toUpperCase();
  const n = network.toLowerCase();
  return catalogue().find((d) => (d.asset === a || d.symbol === a) && d.network.toLowerCase() === n);
}
