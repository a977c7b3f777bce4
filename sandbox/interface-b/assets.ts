import Decimal from 'decimal.js';
import { ZError } from './envelope';

/** Network ids of spec 2.3. */
export const NETWORKS = {
  1: 'Bitcoin Mainnet',
  2: 'Litecoin Mainnet',
  3: 'Ethereum Mainnet',
  4: 'Binance Smartchain',
  5: 'Optimism Mainnet',
} as const satisfies Record<number, string>;
export type NetworkId = keyof typeof NETWORKS;

/** The twelve merchant balance fields of spec 2.3, in the spec's order. */
export const BALANCE_FIELDS = [
  'btcBalance',
  'ltcBalance',
  'ethBalance',
  'bnbBalance',
  'trxBalance',
  'usdtBalance',
  'bscusdBalance',
  'trxusdBalance',
  'optusdBalance',
  'optethBalance',
  'ethusdcBalance',
  'bscusdcBalance',
] as const;
export type BalanceField = (typeof BALANCE_FIELDS)[number];

export type Asset = 'BTC' | 'LTC' | 'ETH' | 'USDT' | 'USDC' | 'BNB';

/** One asset on one network: a row of the spec 2.3 "Assets and networks" table. */
export interface Listing {
  asset: Asset;
  /** The network-specific symbol (the one in brackets in the spec). */
  symbol: string;
  networkId: NetworkId;
  network: string;
  /** Token standard, or null for the network's native coin. */
  contractType: string | null;
  /** Decimal places the asset carries on this network; amounts with more are refused. */
  decimals: number;
  balanceField: BalanceField;
  /** Scale of the verification amount: 1000..9999 units of 10^-verifyScale. */
  verifyScale: number;
  minDeposit: Decimal;
}

function listing(
  asset: Asset,
  symbol: string,
  networkId: NetworkId,
  contractType: string | null,
  decimals: number,
  balanceField: BalanceField,
  minDeposit: string,
): Listing {
  const verifyScale = decimals <= 6 ? decimals : 8;
  return {
    asset,
    symbol,
    networkId,
    network: NETWORKS[networkId],
    contractType,
    decimals,
    balanceField,
    verifyScale,
    minDeposit: new Decimal(minDeposit),
  };
}

/** First listing of an asset is its default network when a call carries no NetworkId. */
export const LISTINGS: readonly Listing[] = [
  listing('BTC', 'BTC', 1, null, 8, 'btcBalance', '0.0001'),
  listing('LTC', 'LTC', 2, null, 8, 'ltcBalance', '0.01'),
  listing('ETH', 'ETH', 3, null, 18, 'ethBalance', '0.001'),
  listing('ETH', 'OPT-ETH', 5, null, 18, 'optethBalance', '0.001'),
  listing('USDT', 'USDT', 3, 'ERC20', 6, 'usdtBalance', '5'),
  listing('USDT', 'BSC-USD', 4, 'BEP20', 18, 'bscusdBalance', '1'),
  listing('USDT', 'OPT-USD', 5, 'ERC20', 6, 'optusdBalance', '1'),
  listing('USDC', 'ETH-USDC', 3, 'ERC20', 6, 'ethusdcBalance', '5'),
  listing('USDC', 'BSC-USDC', 4, 'BEP20', 18, 'bscusdcBalance', '1'),
  listing('BNB', 'BNB', 4, null, 18, 'bnbBalance', '0.01'),
];

export function isNetworkId(value: number): value is NetworkId {
  return Object.hasOwn(NETWORKS, value);
}

/**
 * Finds the listing a request means. Symbol may be a network-specific symbol (BSC-USD) or an asset
 * (USDT); with a NetworkId the pair must exist. Unknown symbol: Z300; known symbol on a network that
 * does not carry it, or a network id outside 1..5: Z600.
 */
export function resolveListing(symbolInput: string, networkId?: number): Listing {
  const symbol = symbolInput.trim().toUpperCase();
  const bySymbol = LISTINGS.find((l) => l.symbol === symbol);
  const ofAsset = LISTINGS.filter((l) => l.asset === symbol);
  if (!bySymbol && ofAsset.length === 0) throw new ZError('Z300', `unknown symbol ${symbolInput}`);
  if (networkId === undefined) return bySymbol ?? (ofAsset[0] as Listing);
  if (!isNetworkId(networkId)) throw new ZError('Z600', `unknown network id ${networkId}`);
  if (bySymbol?.networkId === networkId) return bySymbol;
  const onNetwork = ofAsset.find((l) => l.networkId === networkId);
  if (onNetwork) return onNetwork;
  throw new ZError('Z600', `${symbolInput} is not carried on network ${networkId}`);
}

export function networksOf(asset: Asset): string[] {
  return LISTINGS.filter((l) => l.asset === asset).map((l) => l.network);
}

const USD_PER_UNIT: Record<Asset, string> = {
  BTC: '64250.50',
  LTC: '72.35',
  ETH: '3150.25',
  USDT: '1.0002',
  USDC: '0.9998',
  BNB: '585.40',
};

/** Units of each fiat per USD. */
const FIAT_PER_USD = { usd: '1', eur: '0.92', gbp: '0.79', try: '32.40', jpy: '151.20' } as const;
export type FiatCode = keyof typeof FIAT_PER_USD;
export const FIAT_CODES = Object.keys(FIAT_PER_USD) as FiatCode[];

/** Fiat value of `amount` units of the asset (one unit when no amount), to the cent. */
export function fiatPrices(asset: Asset, amount: Decimal = new Decimal(1)): Record<FiatCode, Decimal> {
  const usd = amount.times(USD_PER_UNIT[asset]);
  const out = {} as Record<FiatCode, Decimal>;
  for (const code of FIAT_CODES) out[code] = usd.times(FIAT_PER_USD[code]).toDecimalPlaces(2);
  return out;
}
