import Decimal from 'decimal.js';
import { findAssetNetwork, networks } from '../../../src-preload/contract/assets';
import type { HistoryItem } from '../../../src-preload/contract/history';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { explorerUrlFor } from './explorer';

/**
 * A service number as exact decimal text: String(n) is the shortest text that round-trips, and Decimal only
 * has to write out an exponent (1e-7, 1e+21). Most numbers have none, and skipping Decimal for them keeps a
 * million-row export from allocating seven Decimals per row.
 */
export function decimalText(n: number): string {
  const text = String(n);
  return text.includes('e') ? new Decimal(text).toFixed() : text;
}

export function networkNameOf(symbol: string): string | null {
  const entry = findAssetNetwork(symbol);
  return entry ? networks[entry.network].name : null;
}

/** TransactionItem (spec 2.2) → what crosses the bridge: amounts as decimal text, absent strings as ''. */
export function toHistoryItem(item: TransactionItem, rowKey: string, userLabel: string): HistoryItem {
  const txId = item.txId ?? '';
  return {
    symbolId: item.symbolId,
    symbol: item.symbol,
    symbolName: item.symbolName,
    displayName: item.displayName,
    network: networkNameOf(item.symbol),
    address: item.address,
    txId,
    amount: decimalText(item.amount),
    status: item.status,
    type: item.type,
    date: item.date,
    value: decimalText(item.value),
    referenceId: item.referenceId,
    label: item.label,
    merchantTransactionId: item.merchantTransactionId,
    to: item.to ?? '',
    withdrawType: item.withdrawType,
    prices: {
      usd: decimalText(item.prices.usd),
      eur: decimalText(item.prices.eur),
      gbp: decimalText(item.prices.gbp),
      try: decimalText(item.prices.try),
      jpy: decimalText(item.prices.jpy),
    },
    isAutoCollected: item.isAutoCollected,
    explorerUrl: explorerUrlFor(item.symbol, txId),
    rowKey,
    userLabel,
  };
}
