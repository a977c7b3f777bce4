import type { WalletApi } from '../../src-preload/wallet-api';

declare global {
  interface Window {
    readonly wallet?: WalletApi;
  }
}

/**
 * The only module of the bundle that reads `window.wallet`; everything else imports `wallet` from here (the
 * launch script, public/launch-requests.js, asks the start-up questions before the bundle runs).
 */
function resolveWallet(): WalletApi {
  const api = window.wallet;
  if (!api) throw new Error('The app bridge is missing: the page was opened outside Wallet Desk.');
  return api;
}

export const wallet: WalletApi = resolveWallet();
