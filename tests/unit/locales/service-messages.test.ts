import { afterEach, describe, expect, it } from 'vitest';
import { setMainLanguage } from '../../../src-main/i18n/main-text';
import { errorFor, withdrawErrorFor } from '../../../src-main/service/interface-b-errors';
import { requireDecimalPlaces } from '../../../src-main/service/wire-amount';

const refusal = (zcode: string) => ({ status: 400, zcode, envelopeCode: 400, dataIsNull: true, extraFields: false });

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a refusal');
}

describe('what the service answered, in the chosen language', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    ['en', 'The merchant balance is too low for this amount and its fee (Z514).'],
    ['de', 'Das Händlerguthaben reicht für diesen Betrag und seine Gebühr nicht aus (Z514).'],
    ['tr', 'İşletme bakiyesi bu miktar ve ücreti için yetersiz (Z514).'],
  ] as const)('%s: a Z-code refusal of a withdrawal says what it means', (language, expected) => {
    setMainLanguage(language, []);
    expect(withdrawErrorFor(refusal('Z514')).message).toBe(expected);
  });

  it.each([
    ['en', /^The service says a withdrawal .* \(Z501\)\. .* The money may have moved, so the outcome/],
    ['de', /^Laut Dienst wurde eine Auszahlung .* \(Z501\)\. .* Das Geld kann bewegt worden sein/],
    ['tr', /^Hizmete göre .* \(Z501\)\. .* Para aktarılmış olabilir/],
  ] as const)('%s: a Z-code that leaves a withdrawal unknown says so in the same language', (language, expected) => {
    setMainLanguage(language, []);
    expect(withdrawErrorFor(refusal('Z501')).message).toMatch(expected);
  });

  it('follows a change of language at once, with the code as an argument', () => {
    setMainLanguage('de', []);
    expect(errorFor('balances', 'Z999', 400).message).toBe(
      'Die Händler-API hat mit einem Code geantwortet, den die App nicht kennt (Z999).',
    );
    setMainLanguage('tr', []);
    expect(errorFor('balances', null, 502).message).toBe("İşletme API'si bir hatayla yanıt verdi (HTTP 502).");
  });

  it.each([
    ['en', 1, 'BTC takes at most 1 decimal place.'],
    ['en', 8, 'BTC takes at most 8 decimal places.'],
    ['de', 1, 'BTC erlaubt höchstens 1 Nachkommastelle.'],
    ['de', 8, 'BTC erlaubt höchstens 8 Nachkommastellen.'],
    ['tr', 8, 'BTC en fazla 8 ondalık basamak alır.'],
  ] as const)('%s: the decimal places an asset takes, %i, as a plural', (language, decimals, expected) => {
    setMainLanguage(language, []);
    expect(messageOf(() => requireDecimalPlaces('0.123456789', 'BTC', decimals))).toBe(expected);
  });
});
