import { findAssetNetwork, type NetworkKey } from '../../../src-preload/contract/assets';

/** Transaction pages per network; every host here is on the link allowlist (src-main/links.ts). */
const explorerTxBase: Record<NetworkKey, string> = {
  bitcoin: 'https://mempool.space/tx/',
  litecoin: 'https://litecoinspace.org/tx/',
  ethereum: 'https://etherscan.io/tx/',
  bsc: 'https://bscscan.com/tx/',
  optimism: 'https://optimistic.etherscan.io/tx/',
  tron: 'https://tronscan.org/#/transaction/',
  solana: 'https://solscan.io/tx/',
  avalanche: 'https://snowtrace.io/tx/',
};

// A transaction id is hex (0x-prefixed on EVM chains), or on Solana a base58 signature of 64 bytes; anything
// else would be a path or query injection.
const HEX_TX_ID = /^(0x)?[0-9a-fA-F]{16,128}$/;
const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

/** The explorer page of a transaction, or null when the symbol or the txId does not allow one. */
export function explorerUrlFor(symbol: string, txId: string): string | null {
  const entry = findAssetNetwork(symbol);
  if (!entry) return null;
  const pattern = entry.network === 'solana' ? SOLANA_SIGNATURE : HEX_TX_ID;
  if (!pattern.test(txId)) return null;
  return `${explorerTxBase[entry.network]}${txId}`;
}
