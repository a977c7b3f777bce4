import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  decimalText,
  fromServiceNumber,
  requireDecimalPlaces,
  serviceNumberText,
  toServiceNumber,
  usdText,
} from '../../../../src-main/service/wire-amount';

describe('service numbers read as exact decimals', () => {
  it('keep the digits the service sent, without binary float artefacts', () => {
    expect(serviceNumberText(0.1)).toBe('0.1');
    expect(serviceNumberText(0.3)).toBe('0.3');
    // The double nearest 0.1 is 0.1000000000000000055511151231257827…; the service said 0.1.
    expect(fromServiceNumber(0.1).equals(new Decimal('0.1'))).toBe(true);
    expect(fromServiceNumber(0.1).plus(fromServiceNumber(0.2)).toFixed()).toBe('0.3');
    // A sum the service itself computed in floats is shown as it was sent, not tidied.
    expect(serviceNumberText(0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('write exponents out in plain notation, small and large', () => {
    expect(serviceNumberText(1e-7)).toBe('0.0000001');
    expect(serviceNumberText(1.5e-12)).toBe('0.0000000000015');
    expect(serviceNumberText(1e21)).toBe('1000000000000000000000');
    expect(serviceNumberText(1.7976931348623157e308)).toMatch(/^179769313486231570{292}$/);
  });

  it('keep negative numbers and many decimals', () => {
    expect(serviceNumberText(-0.00012345)).toBe('-0.00012345');
    expect(serviceNumberText(-12.5)).toBe('-12.5');
    expect(serviceNumberText(12.000000000000002)).toBe('12.000000000000002');
    expect(serviceNumberText(0.12345678901234568)).toBe('0.12345678901234568');
    expect(serviceNumberText(0)).toBe('0');
  });
});

describe('amounts to the service', () => {
  it('become the JSON number that says exactly the same amount', () => {
    expect(toServiceNumber('0.1')).toBe(0.1);
    expect(toServiceNumber('12.00000001')).toBe(12.00000001);
    expect(toServiceNumber(new Decimal('0.3'))).toBe(0.3);
    expect(toServiceNumber('-2.5')).toBe(-2.5);
    expect(toServiceNumber('1e-7')).toBe(1e-7);
    expect(toServiceNumber('1.5e3')).toBe(1500);
    // Trailing zeros say the same amount.
    expect(toServiceNumber('0.100000000000000000000')).toBe(0.1);
    expect(toServiceNumber('9007199254740992')).toBe(9007199254740992);
  });

  it.each([
    ['more decimals than a double carries', '0.123456789012345678'],
    ['a long exact amount', '12.000000000000000001'],
    ['an exponent below it', '1e-400'],
    ['infinity', 'Infinity'],
    ['not a number', 'NaN'],
  ])('are refused, with the field, when the number would say a different amount: %s', (_case, text) => {
    expect(() => toServiceNumber(text, 'Amount')).toThrow(
      expect.objectContaining({ code: 'bad_input', field: 'Amount', message: expect.stringMatching(/fewer decimal/) }),
    );
  });

  it.each([
    ['an integer past 2^53', '9007199254740993'],
    ['a huge amount', '123456789012345678901234567890'],
    ['a 23-digit whole amount', '12345678901234567890123'],
    ['an exponent past the double range', '1e400'],
  ])('are refused as too large, naming the largest, when fewer decimal places would not help: %s', (_case, text) => {
    expect(() => toServiceNumber(text, 'Amount')).toThrow(
      expect.objectContaining({
        code: 'bad_input',
        field: 'Amount',
        message: 'This amount is too large. The largest amount accepted is 9007199254740991.',
      }),
    );
  });

  it('are refused in words when the text is no number at all', () => {
    expect(() => toServiceNumber('twelve')).toThrow(
      expect.objectContaining({ code: 'bad_input', field: 'amount', message: 'The amount is not a number.' }),
    );
  });
});

describe('decimal places per asset', () => {
  it('return the amount as plain text when the asset carries that many places', () => {
    expect(requireDecimalPlaces('0.00000001', 'BTC', 8)).toBe('0.00000001');
    expect(requireDecimalPlaces('1e-8', 'BTC', 8)).toBe('0.00000001');
    expect(requireDecimalPlaces('12.50', 'USDT', 6)).toBe('12.5');
  });

  it('refuse more places than the asset carries, naming the asset', () => {
    expect(() => requireDecimalPlaces('0.000000001', 'BTC', 8, 'expected')).toThrow(
      expect.objectContaining({ code: 'bad_input', field: 'expected', message: 'BTC takes at most 8 decimal places.' }),
    );
    expect(() => requireDecimalPlaces('abc', 'BTC', 8)).toThrow(expect.objectContaining({ code: 'bad_input' }));
  });
});

describe('bridge text', () => {
  it('is exact and never in exponent form; USD for people is cents, half up', () => {
    expect(decimalText(new Decimal('1e-9'))).toBe('0.000000001');
    expect(decimalText(new Decimal('-1e25'))).toBe('-10000000000000000000000000');
    expect(usdText(new Decimal('2.345'))).toBe('2.35');
    expect(usdText(new Decimal('2.344999'))).toBe('2.34');
    expect(usdText(new Decimal('-2.345'))).toBe('-2.35');
    expect(usdText(new Decimal('7'))).toBe('7.00');
  });
});
