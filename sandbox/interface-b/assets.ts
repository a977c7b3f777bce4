import Decimal from 'decimal.js';
import { catalogue, NETWORK_IDS, type AssetDef } from '../data/assets';
import { ZError } from './envelope';
import type { WireReadings } from './readings';

type AssetForm = WireReadings['assetForm'];

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

/** What Interface B adds to the sandbox's asset table (data/assets.ts), per network-specific symbol. */
const TERMS: Record<string, { balanceField: BalanceField; contractType: string | null; minDeposit: string }> = {
  BTC: { balanceField: 'btcBalance', contractType: null, minDeposit: '0.0001' },
  LTC: { balanceField: 'ltcBalance', contractType: null, minDeposit: '0.01' },
  ETH: { balanceField: 'ethBalance', contractType: null, minDeposit: '0.001' },
  'OPT-ETH': { balanceField: 'optethBalance', contractType: null, minDeposit: '0.001' },
  USDT: { balanceField: 'usdtBalance', contractType: 'ERC20', minDeposit: '5' },
  'BSC-USD': { balanceField: 'bscusdBalance', contractType: 'BEP20', minDeposit: '1' },
  'OPT-USD': { balanceField: 'optusdBalance', contractType: 'ERC20', minDeposit: '1' },
  'ETH-USDC': { balanceField: 'ethusdcBalance', contractType: 'ERC20', minDeposit: '5' },
  'BSC-USDC': { balanceField: 'bscusdcBalance', contractType: 'BEP20', minDeposit: '1' },
  BNB: { balanceField: 'bnbBalance', contractType: null, minDeposit: '0.01' },
  TRX: { balanceField: 'trxBalance', contractType: null, minDeposit: '10' },
  'TRX-USD': { balanceField: 'trxusdBalance', contractType: 'TRC20', minDeposit: '1' },
};

/** One asset on one network (a row of spec 2.3) with its Interface B terms. */
export interface Listing extends AssetDef {
  balanceField: BalanceField;
  /** Token standard, or null for the network's native coin. */
  contractType: string | null;
  minDeposit: Decimal;
  /** The verification amount is 1000..9999 units of 10^-verifyScale. */
  verifyScale: number;
}

function listingOf(asset: AssetDef): Listing {
  const terms = TERMS[asset.symbol];
  if (!terms) throw new Error(`no Interface B terms for ${asset.symbol}`);
  return {
    ...asset,
    ...terms,
    minDeposit: new Decimal(terms.minDeposit),
    verifyScale: Math.min(asset.decimals, 8),
  };
}

const narrowListings: readonly Listing[] = catalogue().map(listingOf);
let widerListings: readonly Listing[] | null = null;

/**
 * In table order, so an asset's first listing is its default network when a call names none. The wider
 * service adds TRON's two (NetworkId 6); assets without a NetworkId are not Interface B's.
 */
function listings(): readonly Listing[] {
  const assets = catalogue().filter((asset) => asset.noInterfaceB !== true);
  if (assets.length === narrowListings.length) return narrowListings;
  widerListings ??= assets.map(listingOf);
  return widerListings;
}

function networkIdKnown(networkId: number): boolean {
  return (
    listings().some((listing) => listing.networkId === networkId) && Object.values(NETWORK_IDS).includes(networkId)
  );
}

/**
 * Finds the listing a request means. In the `either` form (README "Wire readings") Symbol may be a
 * network-specific symbol (BSC-USD) or an asset (USDT); with a NetworkId the pair must exist. Unknown
 * symbol: Z300; known symbol on a network that does not carry it, or a network id outside 1..5: Z600.
 * `asset-name` refuses a network-specific code that is not also an asset name (Z300); `network-code`
 * refuses an asset name that means another network than its own code (Z300).
 */
export function resolveListing(symbolInput: string, networkId?: number, form: AssetForm = 'either'): Listing {
  const symbol = symbolInput.trim().toUpperCase();
  const bySymbol = listings().find((l) => l.symbol === symbol);
  const ofAsset = listings().filter((l) => l.asset === symbol);
  if (!bySymbol && ofAsset.length === 0) throw new ZError('Z300', `unknown symbol ${symbolInput}`);
  if (form === 'asset-name' && ofAsset.length === 0) {
    throw new ZError('Z300', `${symbolInput} is a network-specific code; this service reads asset names`);
  }
  if (networkId === undefined) return (form === 'asset-name' ? ofAsset[0] : (bySymbol ?? ofAsset[0])) as Listing;
  if (!networkIdKnown(networkId)) throw new ZError('Z600', `unknown network id ${networkId}`);
  if (bySymbol?.networkId === networkId) return bySymbol;
  const onNetwork = ofAsset.find((l) => l.networkId === networkId);
  if (onNetwork && form === 'network-code') {
    throw new ZError('Z300', `${symbolInput} on network ${networkId}: this service reads network-specific codes`);
  }
  if (onNetwork) return onNetwork;
  throw new ZError('Z600', `${symbolInput} is not carried on network ${networkId}`);
}

/** How an answer names a listing: the asset beside its networkId when the service reads asset names. */
export function answerSymbol(listing: Listing, form: AssetForm): string {
  return form === 'asset-name' ? listing.asset : listing.symbol;
}

export function networksOf(asset: string): string[] {
  return listings()
    .filter((l) => l.asset === asset)
    .map((l) => l.network);
}

/** Units of each fiat per USD. */
const FIAT_PER_USD = { usd: '1', eur: '0.92', gbp: '0.79', try: '32.40', jpy: '151.20' } as const;
export type FiatCode = keyof typeof FIAT_PER_USD;
export const FIAT_CODES = Object.keys(FIAT_PER_USD) as FiatCode[];

/** Fiat value of `amount` units at the asset's base price (one unit when no amount), to the cent. */
export function fiatPrices(listing: Listing, amount: Decimal = new Decimal(1)): Record<FiatCode, Decimal> {
  const usd = amount.times(String(listing.basePrice));
  const out = {} as Record<FiatCode, Decimal>;
  for (const code of FIAT_CODES) out[code] = usd.times(FIAT_PER_USD[code]).toDecimalPlaces(2);
  return out;
}

/** An amount of one fiat currency in all five, to the cent (an expected deposit counted in fiat). */
export function fiatValueOf(amount: Decimal, currency: FiatCode): Record<FiatCode, Decimal> {
  const usd = amount.div(FIAT_PER_USD[currency]);
  const out = {} as Record<FiatCode, Decimal>;
  for (const code of FIAT_CODES) out[code] = usd.times(FIAT_PER_USD[code]).toDecimalPlaces(2);
  return out;
}
