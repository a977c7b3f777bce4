import { describe, expect, it } from 'vitest';
import { findAssetNetwork, type AssetNetwork } from '../../../../../src-preload/contract/assets';
import { matchesVerified, assetOfListing } from '../../../../../src-main/features/merchant/verified-match';

// The SDK types a withdrawable asset as the asset name plus networkId; the sandbox
// answers the network-specific code. Either form must match, on the right network only.

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const entry = (code: string): AssetNetwork => findAssetNetwork(code) as AssetNetwork;

describe('verified-address match', () => {
  it('accepts the asset name or the network code, with the network id', () => {
    const bscUsdt = entry('BSC-USD');
    expect(matchesVerified({ symbol: 'USDT', networkId: 4, address: ADDRESS }, bscUsdt, ADDRESS)).toBe(true);
    expect(matchesVerified({ symbol: 'BSC-USD', networkId: 4, address: ADDRESS }, bscUsdt, ADDRESS)).toBe(true);
    expect(matchesVerified({ symbol: 'usdt', networkId: 4, address: ADDRESS.toLowerCase() }, bscUsdt, ADDRESS)).toBe(
      true,
    );
  });

  it('refuses another network, another asset or another address', () => {
    const bscUsdt = entry('BSC-USD');
    expect(matchesVerified({ symbol: 'USDT', networkId: 3, address: ADDRESS }, bscUsdt, ADDRESS)).toBe(false);
    expect(matchesVerified({ symbol: 'BSC-USD', networkId: 3, address: ADDRESS }, bscUsdt, ADDRESS)).toBe(false);
    expect(matchesVerified({ symbol: 'USDC', networkId: 4, address: ADDRESS }, bscUsdt, ADDRESS)).toBe(false);
    expect(matchesVerified({ symbol: 'BNB', networkId: 4, address: ADDRESS }, bscUsdt, ADDRESS)).toBe(false);
    expect(
      matchesVerified(
        { symbol: 'USDT', networkId: 4, address: '0x0000000000000000000000000000000000000001' },
        bscUsdt,
        ADDRESS,
      ),
    ).toBe(false);
    // ETH on Optimism is OPT-ETH, not Ethereum's ETH.
    expect(matchesVerified({ symbol: 'ETH', networkId: 5, address: ADDRESS }, entry('ETH'), ADDRESS)).toBe(false);
    expect(matchesVerified({ symbol: 'ETH', networkId: 5, address: ADDRESS }, entry('OPT-ETH'), ADDRESS)).toBe(true);
  });

  it('names a listing by its network-specific code, whichever form the service used', () => {
    expect(assetOfListing({ symbol: 'USDT', networkId: 4 })?.code).toBe('BSC-USD');
    expect(assetOfListing({ symbol: 'BSC-USD', networkId: 4 })?.code).toBe('BSC-USD');
    expect(assetOfListing({ symbol: 'USDT', networkId: 3 })?.code).toBe('USDT');
    expect(assetOfListing({ symbol: 'BSC-USD', networkId: 3 })).toBeNull();
    expect(assetOfListing({ symbol: 'DOGE', networkId: 1 })).toBeNull();
  });
});
