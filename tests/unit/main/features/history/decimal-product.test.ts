import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { roundedProductText } from '../../../../../src-main/features/history/decimal-product';
import { serviceNumberText } from '../../../../../src-main/service/wire-amount';

/** What the export wrote before (decimal.js, default precision 20 and rounding), to the byte. */
const viaDecimal = (a: string, b: string, places: number): string =>
  new Decimal(a).times(b).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);

/** A fixed sequence of doubles of every size the service may send (a seeded generator: the same each run). */
function* doubles(count: number): Generator<number> {
  let state = 0x2545f491;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  for (let i = 0; i < count; i += 1) {
    const shape = i % 4;
    if (shape === 0) yield next() * 10 ** Math.floor(next() * 30 - 12);
    else if (shape === 1) yield Number((next() * 1e6).toFixed(Math.floor(next() * 9)));
    else if (shape === 2) yield Math.floor(next() * 1000) / 8;
    else yield next();
  }
}

describe('the exact product rounded half up to a currency’s places', () => {
  it('writes what decimal.js writes for amounts and prices of every size', () => {
    const values = [...doubles(4_000)].map(serviceNumberText);
    const pairs = values.flatMap((a, i) =>
      i % 2 === 0 ? [0, 2].map((places) => [a, values[i + 1]!, places] as const) : [],
    );
    expect(pairs.map(([a, b, places]) => roundedProductText(a, b, places))).toEqual(
      pairs.map(([a, b, places]) => viaDecimal(a, b, places)),
    );
  });

  it('rounds halves up and pads to the places', () => {
    for (const [a, b, places, text] of [
      ['0.005', '1', 2, '0.01'],
      ['0.004999', '1', 2, '0.00'],
      ['99.995', '1', 2, '100.00'],
      ['0.5', '1', 0, '1'],
      ['0', '3000', 2, '0.00'],
      ['1.2345', '3000', 2, '3703.50'],
    ] as const) {
      expect(roundedProductText(a, b, places)).toBe(text);
      expect(viaDecimal(a, b, places)).toBe(text);
    }
  });

  it('first rounds a product of more than 20 digits to 20, as decimal.js does', () => {
    // Exactly 0.1244999999999999999|96: 20 digits round it up to 0.1245, which then rounds up to 0.125.
    expect(roundedProductText('0.124499999999999999996', '1', 3)).toBe('0.125');
    expect(roundedProductText('0.062249999999999999998', '2', 3)).toBe('0.125');
    expect(viaDecimal('0.062249999999999999998', '2', 3)).toBe('0.125');
  });

  it('refuses text that is not a plain non-negative decimal', () => {
    for (const bad of ['-1', '1e-7', '', '.5', '1.', 'NaN'])
      expect(() => roundedProductText(bad, '1', 2)).toThrow(TypeError);
  });
});
