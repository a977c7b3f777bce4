import { describe, expect, it } from 'vitest';
import { formatExactAmount } from '../../../../src-renderer/src/format/exact-amount';
import { parseAmount } from '../../../../src-renderer/src/format/parse-amount';

const NNBSP = '\u202f';

function valueOf(text: string, locale: string, unit?: string): string {
  const parsed = parseAmount(text, locale, unit);
  if (parsed.kind !== 'amount') throw new Error(`"${text}" in ${locale}: ${JSON.stringify(parsed)}`);
  return parsed.value;
}

function refusal(text: string, locale: string, unit?: string): string {
  const parsed = parseAmount(text, locale, unit);
  if (parsed.kind !== 'invalid') throw new Error(`"${text}" in ${locale} was not refused: ${JSON.stringify(parsed)}`);
  return parsed.message;
}

describe('parseAmount: the display locale decides separators', () => {
  it('en-US: comma groups thousands, point marks decimals', () => {
    expect(valueOf('1,000', 'en-US')).toBe('1000');
    expect(valueOf('1,234,567.89', 'en-US')).toBe('1234567.89');
    expect(valueOf('0.00012345', 'en-US')).toBe('0.00012345');
    expect(valueOf('.5', 'en-US')).toBe('0.5');
    expect(valueOf('007', 'en-US')).toBe('7');
    expect(valueOf('  12.50  ', 'en-US')).toBe('12.50');
  });

  it('en-US: "1,5" could mean 1.5 or a mistyped thousand, so it is refused in words', () => {
    expect(refusal('1,5', 'en-US')).toBe(
      '“1,5” is ambiguous in your number format: “,” separates groups of digits and “.” is the decimal mark (as in 1,234,567.89).',
    );
    expect(refusal('1,0000', 'en-US')).toMatch(/ambiguous/);
    expect(refusal('1.000,5', 'en-US')).toMatch(/ambiguous/);
    expect(refusal(',5', 'en-US')).toMatch(/ambiguous/);
  });

  it('de-DE: "1.000" is a thousand, "1,000" is one, "83.280,47" as the app shows it', () => {
    expect(valueOf('1.000', 'de-DE')).toBe('1000');
    expect(valueOf('1,000', 'de-DE')).toBe('1.000');
    expect(valueOf('83.280,47', 'de-DE')).toBe('83280.47');
    expect(valueOf('0,5', 'de-DE')).toBe('0.5');
    expect(refusal('1.5', 'de-DE')).toBe(
      '“1.5” is ambiguous in your number format: “.” separates groups of digits and “,” is the decimal mark (as in 1.234.567,89).',
    );
  });

  it('fr-FR: narrow no-break space groups (typed spaces too); a point is refused, not guessed', () => {
    expect(valueOf(`1${NNBSP}000,5`, 'fr-FR')).toBe('1000.5');
    expect(valueOf('1 000,5', 'fr-FR')).toBe('1000.5');
    expect(valueOf('1\u00a0234\u00a0567,89', 'fr-FR')).toBe('1234567.89');
    expect(refusal('1.5', 'fr-FR')).toBe(
      `“1.5” is ambiguous in your number format: a space separates groups of digits and “,” is the decimal mark (as in 1${NNBSP}234${NNBSP}567,89).`,
    );
  });

  it('de-CH: an apostrophe groups (either apostrophe), the point marks decimals, a comma is refused', () => {
    expect(valueOf("1'234.50", 'de-CH')).toBe('1234.50');
    expect(valueOf('1\u2019234.50', 'de-CH')).toBe('1234.50');
    expect(refusal('1,5', 'de-CH')).toMatch(/^“1,5” is ambiguous in your number format: .* “\.” is the decimal mark/);
  });

  it('hi-IN: lakh grouping (3 then 2); Western grouping there is refused', () => {
    expect(valueOf('12,34,567.5', 'hi-IN')).toBe('1234567.5');
    expect(valueOf('1,00,000', 'hi-IN')).toBe('100000');
    expect(refusal('1,234,567', 'hi-IN')).toMatch(/ambiguous/);
  });

  it('reads the locale’s own digits (ar-EG)', () => {
    expect(valueOf('١٬٢٣٤٫٥', 'ar-EG')).toBe('1234.5');
  });

  it('empty is nothing yet, not an error', () => {
    expect(parseAmount('   ', 'en-US')).toEqual({ kind: 'empty' });
  });

  it('refuses signs, exponents, two decimal marks and other units in words', () => {
    expect(refusal('-5', 'en-US')).toBe('An amount cannot be negative.');
    expect(refusal('1e5', 'en-US')).toBe('“e” is not part of an amount.');
    expect(refusal('1.2.3', 'en-US')).toBe('An amount has one decimal mark (“.”) at most.');
    expect(refusal('5 BTC', 'en-US', 'USDT')).toBe('This field takes USDT, not BTC.');
    expect(refusal('USDT', 'en-US', 'USDT')).toBe('Type an amount, not only its unit.');
    expect(refusal('1 000', 'en-US')).toMatch(/^a space is not part of an amount here/);
  });

  it('accepts the unit as the app writes it beside the number', () => {
    expect(valueOf('1,234.5 USDT', 'en-US', 'USDT')).toBe('1234.5');
    expect(valueOf('5 opt-usd', 'en-US', 'OPT-USD')).toBe('5');
    expect(valueOf('$1,234.56', 'en-US', 'USD')).toBe('1234.56');
    expect(valueOf('1.234,56 $', 'de-DE', 'USD')).toBe('1234.56');
  });

  it('never goes through a float: 18 fraction digits and large amounts stay exact', () => {
    expect(valueOf('0.100000000000000001', 'en-US')).toBe('0.100000000000000001');
    // A double holds neither: 90071992547409.93 and 9007199254740991.1 have too many digits for it.
    expect(valueOf('90,071,992,547,409.93', 'en-US')).toBe('90071992547409.93');
    expect(valueOf('9,007,199,254,740,991.1', 'en-US')).toBe('9007199254740991.1');
  });

  it('says a whole amount past the largest is too large, naming the largest in the locale', () => {
    expect(valueOf('9,007,199,254,740,991', 'en-US')).toBe('9007199254740991');
    expect(refusal('12345678901234567890123', 'en-US')).toBe(
      'This amount is too large. The largest amount accepted is 9,007,199,254,740,991.',
    );
    expect(refusal('9007199254740992', 'en-US')).toMatch(/^This amount is too large\./);
    expect(refusal('12345678901234567890123,5', 'de-DE')).toBe(
      'This amount is too large. The largest amount accepted is 9.007.199.254.740.991.',
    );
    expect(refusal('000012345678901234567890123 USDT', 'en-US', 'USDT')).toMatch(/too large/);
    expect(refusal('12345678901234567890123', 'en-US')).not.toMatch(/decimal places/);
  });

  it.each(['en-US', 'de-DE', 'fr-FR', 'de-CH', 'hi-IN', 'ar-EG', 'es-ES'])(
    '%s: an amount exactly as the app displays it is read back to the same value',
    (locale) => {
      for (const value of ['83280.47', '1234567.5', '0.00012345', '1000', '12.000001']) {
        expect(valueOf(formatExactAmount(value, locale), locale)).toBe(value);
        const shown = new Intl.NumberFormat(locale, { maximumFractionDigits: 8, roundingMode: 'trunc' }).format(
          value as Parameters<Intl.NumberFormat['format']>[0],
        );
        expect(valueOf(`${shown} USDT`, locale, 'USDT')).toBe(value);
      }
    },
  );
});

describe('formatExactAmount', () => {
  it('keeps every digit and the typed trailing zeros', () => {
    expect(formatExactAmount('1000.00', 'en-US')).toBe('1,000.00');
    expect(formatExactAmount('1000.00', 'de-DE')).toBe('1.000,00');
    expect(formatExactAmount('0.123456789012345678', 'en-US')).toBe('0.123456789012345678');
    expect(formatExactAmount('1234.5', 'de-DE', false)).toBe('1234,5');
  });
});
