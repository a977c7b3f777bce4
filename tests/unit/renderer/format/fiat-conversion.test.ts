import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  cryptoFromUsd,
  knownPrice,
  usdFromCrypto,
} from '../../../../src-renderer/src/format/fiat-conversion';

describe('USD ⇄ crypto for the send form (decimal, no floats)', () => {
  it('USD ÷ price, rounded down to the asset’s shown places, never worth more than typed', () => {
    expect(cryptoFromUsd('100', '30000', 'BTC')).toBe('0.00333333');
    expect(cryptoFromUsd('0.3', '0.1', 'USDT')).toBe('3');
    // 18-decimal ETH is capped at 8 places, so the JSON number sent says exactly this amount.
    expect(cryptoFromUsd('100', '3000', 'ETH')).toBe('0.03333333');
    expect(cryptoFromUsd('0.000001', '30000', 'BTC')).toBe('');
  });

  it('crypto × price in cents, without float artefacts', () => {
    expect(usdFromCrypto('0.1', '0.3')).toBe('0.03');
    expect(usdFromCrypto('0.00333333', '30000')).toBe('100.00');
    expect(usdFromCrypto('1.005', '1')).toBe('1.01');
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    // The review's amount plus fee keeps every digit past decimal.js's default 20.
    expect(addDecimals('1234.5678901234567', '0.00025925925692134')).toBe('1234.56814938271362134');
  });

  it('no price (zero, missing, unreadable) means no conversion', () => {
    for (const price of ['0', '', undefined, 'abc', '-1']) {
      expect(knownPrice(price)).toBeNull();
      expect(cryptoFromUsd('10', price, 'BTC')).toBe('');
      expect(usdFromCrypto('1', price)).toBe('');
    }
  });
});
