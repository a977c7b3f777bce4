import type { WalletApi } from '../../src-preload/wallet-api';

declare global {
  interface Window {
    readonly wallet?: WalletApi;
  }
}

/** The only module that reads `window.wallet`; everything else imports `wallet` from here. */
function resolveWallet(): WalletApi {
  const api = window.wallet;
  if (!api) throw new Error('The app bridge is missing: the page was opened outside Wallet Desk.');
  return api;
}

export const wallet: WalletApi = resolveWallet();
