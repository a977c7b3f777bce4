import { describe, expect, it } from 'vitest';
import { assetByCode, networkOf } from '../../../../../src-main/features/merchant/asset-lookup';
import { isMultiNetwork, wireSymbol } from '../../../../../src-main/service/interface-b-symbols';

// Interface B bodies for an asset carried on more than one network: the asset's name beside the NetworkId of
// the network the user chose (6 is Tron Mainnet); a network with no known id is refused before anything is
// sent.
describe('Symbol and NetworkId of a multi-network asset', () => {
  it.each([
    ['USDT', 'USDT', 3],
    ['BSC-USD', 'USDT', 4],
    ['OPT-USD', 'USDT', 5],
    ['TRX-USD', 'USDT', 6],
    ['ETH-USDC', 'USDC', 3],
    ['BSC-USDC', 'USDC', 4],
    ['OPT-ETH', 'ETH', 5],
  ])('%s goes as %s on NetworkId %i, or as its own code in the network-code form', (code, asset, networkId) => {
    expect(isMultiNetwork(code)).toBe(true);
    expect(wireSymbol(code, 'asset-name')).toBe(asset);
    expect(wireSymbol(code, 'network-code')).toBe(code);
    expect(networkOf(assetByCode(code)).id).toBe(networkId);
  });

  it('TRX, BTC and LTC live on one network each: one form, their own id', () => {
    for (const [code, id] of [
      ['TRX', 6],
      ['BTC', 1],
      ['LTC', 2],
    ] as const) {
      expect(isMultiNetwork(code), code).toBe(false);
      expect(wireSymbol(code, 'asset-name')).toBe(code);
      expect(networkOf(assetByCode(code)).id).toBe(id);
    }
  });

  it('SOL and AVAX, whose networks have no known NetworkId, are refused before any body is made', () => {
    for (const code of ['SOL', 'AVAX']) {
      expect(() => assetByCode(code), code).toThrow(
        expect.objectContaining({
          code: 'invalid_symbol',
          field: 'code',
          message: expect.stringMatching(/Nothing was sent\.$/),
        }),
      );
    }
  });
});
