import { withdrawTypeLabels, type HistoryItem } from '../../../../src-preload/contract/history';

// No locale here (unlike history-format.ts): words only, so tests can read them without a browser.

/** The kind of movement in words; a kind the app does not know is only called a withdrawal, never a number. */
export function withdrawTypeLabel(withdrawType: number): string {
  return withdrawTypeLabels[withdrawType] ?? 'Other withdrawal';
}

/** A record's kind in words, from its type first (spec 2.2 names Deposit and Withdraw), then its withdrawType. */
export function kindOf(item: Pick<HistoryItem, 'type' | 'withdrawType'>): string {
  if (item.type === 'Deposit' || (item.type !== 'Withdraw' && item.withdrawType === 0)) return 'Deposit';
  return item.withdrawType === 0 ? 'Other withdrawal' : withdrawTypeLabel(item.withdrawType);
}

/** "Bitcoin (BTC)": the asset's name first, its symbol only to tell networks apart. */
export function assetWords(item: Pick<HistoryItem, 'symbol' | 'symbolName'>): string {
  const name = item.symbolName.trim();
  return name === '' || name === item.symbol ? item.symbol : `${name} (${item.symbol})`;
}
