import { describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';

const languages = [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['tr', 'tr-TR'],
] as const;

function inLanguage(catalogue: 'en' | 'de' | 'tr', locale: string) {
  return createFormatter(locale, catalogueNow(catalogue));
}

describe('the shared money messages with counts and amounts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, "Your computer's clock is about a minute ahead of the service's."],
    ['en', 'en-US', 12, "Your computer's clock is about 12 minutes ahead of the service's."],
    ['de', 'de-DE', 1, 'Die Uhr Ihres Computers geht etwa eine Minute vor'],
    ['de', 'de-DE', 12, 'Die Uhr Ihres Computers geht etwa 12 Minuten vor'],
    ['tr', 'tr-TR', 1, 'yaklaşık bir dakika ileride.'],
    ['tr', 'tr-TR', 12, 'yaklaşık 12 dakika ileride.'],
  ] as const)('%s: a clock off by minutes counts them (%s, %i)', (catalogue, locale, count, expected) => {
    expect(inLanguage(catalogue, locale).text('money.clock.minutesAhead', { count })).toContain(expected);
  });

  it.each([
    ['en', 'en-US', 'All 1,200 withdrawals listed here may still have moved money'],
    ['de', 'de-DE', 'Alle 1.200 hier aufgeführten Auszahlungen können trotzdem Geld bewegt haben'],
    ['tr', 'tr-TR', 'Burada listelenen 1.200 para çekme işleminin tümü yine de para aktarmış olabilir'],
  ] as const)(
    '%s: closing many names the kind of move and writes the count in the locale (%s)',
    (catalogue, locale, expected) => {
      expect(inLanguage(catalogue, locale).text('money.close.all', { kind: 'withdraw', count: 1200 })).toContain(
        expected,
      );
    },
  );

  it.each([
    ['en', 'en-US', 2, 'I know both sends listed here may already have gone through.'],
    ['en', 'en-US', 12, 'I know all 12 sends listed here may already have gone through.'],
    ['de', 'de-DE', 2, 'Mir ist bewusst, dass beide hier aufgeführten Sendevorgänge'],
    ['de', 'de-DE', 12, 'Mir ist bewusst, dass alle 12 hier aufgeführten Sendevorgänge'],
    ['tr', 'tr-TR', 2, 'Burada listelenen iki göndermenin de'],
    ['tr', 'tr-TR', 12, 'Burada listelenen 12 göndermenin tümünün'],
  ] as const)(
    '%s: one box for every listed send says both or all of them (%s, %i)',
    (catalogue, locale, count, expected) => {
      expect(inLanguage(catalogue, locale).text('money.unresolved.ackAll', { kind: 'send', count })).toContain(
        expected,
      );
    },
  );

  it.each([
    ['en', 'en-US', 'Close this swap?', 'Close 12 swaps?'],
    ['de', 'de-DE', 'Diesen Tausch schließen?', '12 Tauschvorgänge schließen?'],
    ['tr', 'tr-TR', 'Bu takas kapatılsın mı?', '12 takas kapatılsın mı?'],
  ] as const)('%s: the closing question counts the moves (%s)', (catalogue, locale, one, many) => {
    const formatter = inLanguage(catalogue, locale);
    expect(formatter.text('money.unresolved.confirmTitle', { kind: 'swap', count: 1 })).toBe(one);
    expect(formatter.text('money.unresolved.confirmTitle', { kind: 'swap', count: 12 })).toBe(many);
  });

  it.each([
    ['en', 'en-US', 'One more recovered payment belongs', '3 more recovered payments belong'],
    ['de', 'de-DE', 'Eine weitere wiederhergestellte Zahlung', '3 weitere wiederhergestellte Zahlungen'],
    ['tr', 'tr-TR', 'Kurtarılan bir ödeme daha', 'Kurtarılan 3 ödeme daha'],
  ] as const)('%s: recovered payments of other users are counted (%s)', (catalogue, locale, one, many) => {
    const formatter = inLanguage(catalogue, locale);
    expect(formatter.text('money.recovery.others', { count: 1 })).toContain(one);
    expect(formatter.text('money.recovery.others', { count: 3 })).toContain(many);
  });

  it.each(languages)('%s: the pager writes its numbers in the locale (%s)', (catalogue, locale) => {
    const text = inLanguage(catalogue, locale).text('money.pager.showing', { first: 1001, last: 1010, total: 1012 });
    const grouped = new Intl.NumberFormat(locale).format(1012);
    expect(text).toContain(grouped);
    expect(grouped).toMatch(catalogue === 'en' ? /1,012/ : /1\.012/);
  });
});
