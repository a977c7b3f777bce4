import { ASSETS, type AssetDef } from './assets';
import { generateAddress } from './addresses';
import { Dec } from './money';
import { Prng } from './prng';
import { buildRow, minorToDecimal, WITHDRAW_TYPE, type HistoryRow, type TxStatus, type TxType } from './history';

/** Seed history ends here so the same seed gives the same dates on any day (README). */
export const HISTORY_ANCHOR_MS = Date.UTC(2026, 10, 20, 12, 0, 0);
const TWO_YEARS_MS = 730 * 24 * 3600 * 1000;

const labels = [
  'Customer deposit',
  'Invoice payment',
  'Payroll',
  'Supplier payout',
  'Treasury rebalance',
  'Refund',
  'Settlement',
  'Exchange transfer',
];

/** Sends twice as often as swaps or merchant API withdrawals. */
const WITHDRAW_TYPES = [WITHDRAW_TYPE.send, WITHDRAW_TYPE.send, WITHDRAW_TYPE.swap, WITHDRAW_TYPE.apiWithdrawal];

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * What sorting and the cheap filters need of a row: drawn first from the row's own stream, so ordering a
 * million rows by amount never builds their ids, labels or JSON.
 */
export interface RowCore {
  readonly asset: AssetDef;
  readonly symbol: string;
  readonly usdPrice: number;
  readonly type: TxType;
  readonly withdrawType: number;
  readonly status: TxStatus;
  readonly minor: number;
  readonly amountNum: number;
  readonly value: string;
  readonly valueNum: number;
  readonly dateMs: number;
}

/** A 32-bit mix (murmur3's finaliser): neighbouring indices get unrelated streams. */
function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * One account's seeded history as a function of the row's position, newest first: row i is drawn from a
 * stream of its own (account seed + i), and its date falls in the i-th of `count` equal slices of the two
 * years before the anchor. Nothing is stored per row, so a million rows cost the same memory as twenty, and
 * any page is as cheap as the first (README "History").
 */
export class SeededHistory {
  readonly count: number;
  readonly #seed: number;
  readonly #walletAddress: (symbol: string) => string;
  readonly #priceNow: ReadonlyMap<string, number>;
  readonly #counterparties: Readonly<Record<AssetDef['addressKind'], readonly string[]>>;
  readonly #slotMs: number;

  constructor(count: number, prng: Prng, walletAddress: (symbol: string) => string, prices: ReadonlyMap<string, Dec>) {
    this.count = count;
    // Seeded rows are of spec 2.3's assets only (ASSETS): no TRON or Solana counterparty is ever drawn, so
    // the draws, and every seeded row, stay as they were.
    const counterparties = {
      btc: [] as string[],
      ltc: [] as string[],
      evm: [] as string[],
      tron: [] as string[],
      solana: [] as string[],
    };
    for (let i = 0; i < 40; i += 1) {
      counterparties.btc.push(generateAddress('btc', prng));
      counterparties.ltc.push(generateAddress('ltc', prng));
      counterparties.evm.push(generateAddress('evm', prng));
    }
    this.#counterparties = counterparties;
    this.#seed = Math.floor(prng.next() * 4294967296);
    this.#walletAddress = walletAddress;
    this.#priceNow = new Map(ASSETS.map((a) => [a.symbol, (prices.get(a.symbol) ?? new Dec(1)).toNumber()]));
    this.#slotMs = count > 0 ? TWO_YEARS_MS / count : 0;
  }

  #stream(index: number): Prng {
    return new Prng(mix32(this.#seed ^ mix32(index + 0x9e3779b9)));
  }

  #core(index: number, prng: Prng): RowCore {
    const asset = prng.pick(ASSETS);
    // Historic price within +-40% of today's, so `value` differs from amount x current price.
    const usdPrice = round2((this.#priceNow.get(asset.symbol) ?? 1) * (0.6 + prng.next() * 0.8)) || 0.01;
    const type: TxType = prng.next() < 0.55 ? 'Deposit' : 'Withdraw';
    const withdrawType = type === 'Deposit' ? WITHDRAW_TYPE.none : prng.pick(WITHDRAW_TYPES);
    const roll = prng.next();
    const status: TxStatus = roll < 0.9 ? 'Completed' : roll < 0.96 ? 'Pending' : 'Failed';
    const dust = prng.next() < 0.05;
    const usdValue = dust ? 0.01 + prng.next() * 0.9 : 5 + Math.pow(prng.next(), 3) * 25_000;
    const minor = Math.max(1, Math.round((usdValue / usdPrice) * 10 ** asset.decimals));
    // Both exact integers below 2^53, so this is the nearest double to the decimal, as Number(text) gives.
    const amountNum = minor / 10 ** asset.decimals;
    const value = (amountNum * usdPrice).toFixed(2);
    const dateMs = HISTORY_ANCHOR_MS - Math.floor((index + prng.next()) * this.#slotMs);
    return {
      asset,
      symbol: asset.symbol,
      usdPrice,
      type,
      withdrawType,
      status,
      minor,
      amountNum,
      value,
      valueNum: Number(value),
      dateMs,
    };
  }

  /** The sort and filter keys of row `index` (0 = newest). */
  core(index: number): RowCore {
    return this.#core(index, this.#stream(index));
  }

  /** Row `index` (0 = newest), the same on every call and in every process for the same seed and count. */
  row(index: number): HistoryRow {
    const prng = this.#stream(index);
    const core = this.#core(index, prng);
    const { asset, usdPrice, type, withdrawType, status } = core;
    const hasMerchantId = withdrawType === WITHDRAW_TYPE.apiWithdrawal || prng.next() < 0.3;
    const pendingWithoutTx = status === 'Pending' && prng.next() < 0.5;
    return buildRow({
      asset,
      address: this.#walletAddress(asset.symbol),
      txId: pendingWithoutTx ? '' : asset.addressKind === 'evm' ? `0x${prng.hex(32)}` : prng.hex(32),
      amount: minorToDecimal(core.minor, asset.decimals),
      value: core.value,
      prices: {
        usd: usdPrice,
        eur: round2(usdPrice * 0.92),
        gbp: round2(usdPrice * 0.79),
        try: round2(usdPrice * 34.2),
        jpy: round2(usdPrice * 151.3),
      },
      status,
      type,
      dateMs: core.dateMs,
      referenceId: prng.guid(),
      label: `${prng.pick(labels)} ${prng.int(1000, 99999)}`,
      merchantTransactionId: hasMerchantId ? `MTX-${prng.int(100000, 999999)}` : '',
      to: type === 'Withdraw' ? prng.pick(this.#counterparties[asset.addressKind]) : '',
      withdrawType,
      isAutoCollected: type === 'Deposit' && prng.next() < 0.2,
    });
  }
}
