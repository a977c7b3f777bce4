import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ExactDecimal } from '../../../../src-preload/contract/exact-decimal';

describe('ExactDecimal, the arithmetic main and the renderer total amounts with', () => {
  it('keeps every digit where decimal.js by default keeps 20', () => {
    // 100 units of an 18-decimal asset: 21 significant digits.
    expect(new Decimal('100.000000000000000001').plus('0.000000000000000001').toFixed()).toBe('100');
    expect(new ExactDecimal('100.000000000000000001').plus('0.000000000000000001').toFixed()).toBe(
      '100.000000000000000002',
    );
    // A large USD sum keeps its cents.
    expect(new ExactDecimal('123456789012345678901.23').plus('0.01').toFixed()).toBe('123456789012345678901.24');
  });

  it('is exact up to 62 whole digits with 18 decimals, 80 digits in all', () => {
    const whole = '9'.repeat(61);
    const sum = new ExactDecimal(`${whole}.${'9'.repeat(18)}`).plus(`0.${'0'.repeat(17)}1`);
    expect(sum.toFixed()).toBe(`1${'0'.repeat(61)}`);
    expect(new ExactDecimal(`${whole}1.${'0'.repeat(17)}1`).times(1).toFixed()).toBe(`${whole}1.${'0'.repeat(17)}1`);
  });

  it("takes the receiver's precision: a default Decimal that adds an ExactDecimal still rounds to 20", () => {
    const exact = new ExactDecimal('0.000000000000000001');
    expect(new Decimal('100').plus(exact).toFixed()).toBe('100');
    expect(new ExactDecimal('100').plus(exact).toFixed()).toBe('100.000000000000000001');
  });

  it('leaves decimal.js itself at its default precision', () => {
    expect(ExactDecimal.precision).toBe(80);
    expect(Decimal.precision).toBe(20);
  });
});
