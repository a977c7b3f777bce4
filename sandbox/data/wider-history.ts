import { findAsset } from './assets';
import { generateAddress } from './addresses';
import { makeRow, WITHDRAW_TYPE, type HistoryRow, type TxType } from './history';
import type { AccountSeed } from './identities';
import { Dec } from './money';
import type { Prng } from './prng';
import { HISTORY_ANCHOR_MS } from './seeded-history';

interface WiderRowPlan {
  readonly symbol: string;
  readonly type: TxType;
  readonly withdrawType: number;
  readonly usd: number;
  /** Merchant API withdrawals are Interface B's: only an account a merchant can be linked to has them. */
  readonly companiesOnly?: true;
}

/** Newest last: a deposit and a move out of each asset of the wider service, as the History screen shows them. */
const PLANS: readonly WiderRowPlan[] = [
  { symbol: 'TRX', type: 'Deposit', withdrawType: WITHDRAW_TYPE.none, usd: 320 },
  { symbol: 'TRX-USD', type: 'Deposit', withdrawType: WITHDRAW_TYPE.none, usd: 2_500 },
  { symbol: 'SOL', type: 'Deposit', withdrawType: WITHDRAW_TYPE.none, usd: 1_100 },
  { symbol: 'AVAX', type: 'Deposit', withdrawType: WITHDRAW_TYPE.none, usd: 640 },
  { symbol: 'POL', type: 'Deposit', withdrawType: WITHDRAW_TYPE.none, usd: 75 },
  { symbol: 'TRX-USD', type: 'Withdraw', withdrawType: WITHDRAW_TYPE.send, usd: 900 },
  { symbol: 'SOL', type: 'Withdraw', withdrawType: WITHDRAW_TYPE.send, usd: 210 },
  { symbol: 'AVAX', type: 'Withdraw', withdrawType: WITHDRAW_TYPE.send, usd: 130 },
  { symbol: 'TRX', type: 'Withdraw', withdrawType: WITHDRAW_TYPE.send, usd: 45 },
  { symbol: 'TRX-USD', type: 'Withdraw', withdrawType: WITHDRAW_TYPE.apiWithdrawal, usd: 1_250, companiesOnly: true },
];

const HOUR_MS = 3_600_000;

/**
 * History rows of the wider service's assets (README "The wider service"): deposits and sends of TRX, USDT
 * on TRON, SOL, AVAX and POL, and for a company account a merchant API withdrawal of USDT on TRON as
 * Interface B leaves it (withdrawType 3, a merchant transaction id). Dated in the hours after the seeded
 * history's anchor, so they head the History screen; drawn from a stream of their own, so no seeded row
 * changes.
 */
export function widerHistoryRows(
  account: AccountSeed,
  prng: Prng,
  walletAddress: (symbol: string) => string,
  prices: ReadonlyMap<string, Dec>,
): HistoryRow[] {
  const plans = PLANS.filter((plan) => plan.companiesOnly !== true || !account.isPersonalAccount);
  return plans.flatMap((plan, index) => {
    const asset = findAsset(plan.symbol);
    if (!asset) return [];
    const usdPrice = prices.get(asset.symbol) ?? new Dec(1);
    // Digits down to the asset's smallest unit, so every amount shows the asset's own precision (as far as
    // the service's JSON numbers carry it) rather than a round figure.
    const dust = Array.from({ length: asset.decimals }, (_, i) =>
      String(i === asset.decimals - 1 ? 1 + Math.floor(prng.next() * 9) : Math.floor(prng.next() * 10)),
    ).join('');
    const amount = new Dec(plan.usd).dividedBy(usdPrice).toDecimalPlaces(0, Dec.ROUND_DOWN).plus(`0.${dust}`);
    const counterparty = generateAddress(asset.addressKind, prng);
    const txHex = prng.hex(32);
    const apiWithdrawal = plan.withdrawType === WITHDRAW_TYPE.apiWithdrawal;
    return [
      makeRow({
        asset,
        address: walletAddress(asset.symbol),
        txId: asset.addressKind === 'evm' ? `0x${txHex}` : txHex,
        amount,
        usdPrice,
        status: 'Completed',
        type: plan.type,
        dateMs: HISTORY_ANCHOR_MS + (index + 1) * HOUR_MS,
        referenceId: prng.guid(),
        label: plan.type === 'Deposit' ? 'Customer deposit' : apiWithdrawal ? 'Merchant payout' : 'Supplier payout',
        merchantTransactionId: apiWithdrawal ? `wider-${prng.hex(6)}` : '',
        to: plan.type === 'Deposit' ? '' : counterparty,
        withdrawType: plan.withdrawType,
        isAutoCollected: false,
      }),
    ];
  });
}
