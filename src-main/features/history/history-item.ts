import { findAssetNetwork, networks } from '../../../src-preload/contract/assets';
import type { HistoryItem } from '../../../src-preload/contract/history';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { serviceNumberText } from '../../service/wire-amount';
import { explorerUrlFor } from './explorer';

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
    amount: serviceNumberText(item.amount),
    status: item.status,
    type: item.type,
    date: item.date,
    value: serviceNumberText(item.value),
    referenceId: item.referenceId,
    label: item.label,
    merchantTransactionId: item.merchantTransactionId,
    to: item.to ?? '',
    withdrawType: item.withdrawType,
    prices: {
      usd: serviceNumberText(item.prices.usd),
      eur: serviceNumberText(item.prices.eur),
      gbp: serviceNumberText(item.prices.gbp),
      try: serviceNumberText(item.prices.try),
      jpy: serviceNumberText(item.prices.jpy),
    },
    isAutoCollected: item.isAutoCollected,
    explorerUrl: explorerUrlFor(item.symbol, txId),
    rowKey,
    userLabel,
  };
}
