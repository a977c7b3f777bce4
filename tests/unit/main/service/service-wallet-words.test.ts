import { describe, expect, it } from 'vitest';
import { WalletAddress, WalletInfo } from '../../../../src-main/service/interface-a-schemas';

/**
 * The service's wallet name and network are shown beside the send form's unchecked-address tick; a hostile
 * service must not be able to reorder that text with bidi controls or hide parts of it (security.md 34).
 */
describe("the service's words for a wallet", () => {
  const hostile = 'Teth\u200Cer\u202Eknil-siht-tsurT\u202C';
  const network = 'TRON\u2066 (checked)\u2069\u200B\u0007';

  it('reach the window without bidi overrides, isolates, invisible or control characters', () => {
    const wallet = WalletInfo.parse({
      symbolId: 1,
      symbol: 'USDT',
      name: 'Tether',
      displayName: hostile,
      network,
      price: 1,
      amount: 2,
      balanceFiatAmount: 2,
      address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    });
    expect(wallet.displayName).toBe('Teth\u200Cerknil-siht-tsurT');
    expect(wallet.network).toBe('TRON (checked)');

    const address = WalletAddress.parse({
      symbolName: 'Tether',
      symbol: 'USDT',
      displayName: hostile,
      network,
      address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    });
    expect(address.displayName).toBe('Teth\u200Cerknil-siht-tsurT');
    expect(address.network).toBe('TRON (checked)');
  });
});
