import { findAssetNetwork, type NetworkKey } from '../../../src-preload/contract/assets';

/** Transaction pages per network; every host here is on the link allowlist (src-main/links.ts). */
const explorerTxBase: Record<NetworkKey, string> = {
  bitcoin: 'https://mempool.space/tx/',
  litecoin: 'https://litecoinspace.org/tx/',
  ethereum: 'https://etherscan.io/tx/',
  bsc: 'https://bscscan.com/tx/',
  optimism: 'https://optimistic.etherscan.io/tx/',
};

// A transaction hash is hex (0x-prefixed on EVM chains); anything else would be a path or query injection.
const TX_HASH = /^(0x)?[0-9a-fA-F]{16,128}$/;

/** The explorer page of a transaction, or null when the symbol or the txId does not allow one. */
export function explorerUrlFor(symbol: string, txId: string): string | null {
  const entry = findAssetNetwork(symbol);
  if (!entry || !TX_HASH.test(txId)) return null;
  return `${explorerTxBase[entry.network]}${txId}`;
}
