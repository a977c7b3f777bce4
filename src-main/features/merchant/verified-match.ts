import { assetNetworks, networks, type AssetNetwork } from '../../../src-preload/contract/assets';

/** Addresses compare as the chain does: EVM hex without regard to case, bech32 already lower case. */
export function sameAddress(a: string, b: string): boolean {
  return a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

const sameSymbol = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();

/**
 * The asset a withdrawable-assets listing names. The vendor SDK types its `symbol` as the asset name
 * (`USDT`) beside `networkId`; the sandbox answers the network-specific code (`BSC-USD`). Either form
 * names one row of the asset table, and only together with the network id.
 */
export function assetOfListing(listing: { readonly symbol: string; readonly networkId: number }): AssetNetwork | null {
  return (
    assetNetworks.find(
      (entry) =>
        networks[entry.network].id === listing.networkId &&
        (sameSymbol(entry.code, listing.symbol) || sameSymbol(entry.asset, listing.symbol)),
    ) ?? null
  );
}

/** True when a verified listing covers a withdrawal of `entry` to `address`. */
export function matchesVerified(
  listing: { readonly symbol: string; readonly networkId: number; readonly address: string },
  entry: AssetNetwork,
  address: string,
): boolean {
  return assetOfListing(listing)?.code === entry.code && sameAddress(listing.address, address);
}
