import { describe, expect, it } from 'vitest';
import { fromFixedPoint, toFixedPoint } from '../../../../../../src-renderer/src/screens/home/pictures/fixed-point';

describe('fixed-point amounts for the value over time', () => {
  it('round-trips plain decimal text exactly, signs and trailing zeros included', () => {
    for (const [text, back] of [
      ['0.000000000000000001', '0.000000000000000001'],
      ['123456789012345678901234.5', '123456789012345678901234.5'],
      ['-0.10', '-0.1'],
      ['7', '7'],
    ]) {
      expect(fromFixedPoint(toFixedPoint(text!))).toBe(back);
    }
  });

  it('rounds past 18 places half up, reads an exponent, and refuses what is no number', () => {
    expect(fromFixedPoint(toFixedPoint('0.0000000000000000015'))).toBe('0.000000000000000002');
    expect(fromFixedPoint(toFixedPoint('1e-7'))).toBe('0.0000001');
    expect(() => toFixedPoint('twelve')).toThrow();
  });

  it('writes a product at twice the scale', () => {
    expect(fromFixedPoint(toFixedPoint('0.2') * toFixedPoint('0.1'), 36)).toBe('0.02');
  });
});
