import type { AssetCode } from '../../../src-preload/contract/assets';
import type { MerchantBalanceRow } from '../../../src-preload/contract/merchant';
import {
  merchantBalanceFields,
  type MerchantBalanceField,
  type MerchantBalances,
} from '../../service/interface-b-schemas';
import { serviceNumberText } from '../../service/wire-amount';

/** Spec 2.3's balance table: which asset on which network each field holds. */
const balanceLabels: Record<MerchantBalanceField, { asset: string; network: string; code: string }> = {
  btcBalance: { asset: 'BTC', network: 'Bitcoin', code: 'BTC' },
  ltcBalance: { asset: 'LTC', network: 'Litecoin', code: 'LTC' },
  ethBalance: { asset: 'ETH', network: 'Ethereum', code: 'ETH' },
  bnbBalance: { asset: 'BNB', network: 'Binance Smart Chain', code: 'BNB' },
  trxBalance: { asset: 'TRX', network: 'TRON', code: 'TRX' },
  usdtBalance: { asset: 'USDT', network: 'Ethereum', code: 'USDT' },
  bscusdBalance: { asset: 'USDT', network: 'Binance Smart Chain', code: 'BSC-USD' },
  trxusdBalance: { asset: 'USDT', network: 'TRON', code: 'TRX-USD' },
  optusdBalance: { asset: 'USDT', network: 'Optimism', code: 'OPT-USD' },
  optethBalance: { asset: 'ETH', network: 'Optimism', code: 'OPT-ETH' },
  ethusdcBalance: { asset: 'USDC', network: 'Ethereum', code: 'ETH-USDC' },
  bscusdcBalance: { asset: 'USDC', network: 'Binance Smart Chain', code: 'BSC-USDC' },
};

/** Which balance field holds each withdrawable asset (spec 2.3); Solana and Avalanche have none. */
const balanceFieldByCode: Partial<Record<AssetCode, MerchantBalanceField>> = {
  BTC: 'btcBalance',
  LTC: 'ltcBalance',
  ETH: 'ethBalance',
  'OPT-ETH': 'optethBalance',
  USDT: 'usdtBalance',
  'BSC-USD': 'bscusdBalance',
  'OPT-USD': 'optusdBalance',
  'ETH-USDC': 'ethusdcBalance',
  'BSC-USDC': 'bscusdcBalance',
  BNB: 'bnbBalance',
  TRX: 'trxBalance',
  'TRX-USD': 'trxusdBalance',
};

/** The merchant's balance of one asset on one network, as exact decimal text; null when spec 2.3 lists none. */
export function balanceOf(balances: MerchantBalances, code: AssetCode): string | null {
  const field = balanceFieldByCode[code];
  return field === undefined ? null : serviceNumberText(balances[field]);
}

export function balanceRows(balances: MerchantBalances): MerchantBalanceRow[] {
  return merchantBalanceFields.map((field) => ({
    field,
    ...balanceLabels[field],
    amount: serviceNumberText(balances[field]),
  }));
}
