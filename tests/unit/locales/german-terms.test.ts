import { describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import type { MessageId } from '../../../resources/locales/catalogues';
import { createFormatter } from '../../../resources/locales/formatter';

/**
 * German names each kind of move with one noun, as German wallet apps do: a send is a "Sendevorgang"
 * (masculine, plural "Sendevorgänge", beside the swaps' "Tausch"/"Tauschvorgänge"), a merchant withdrawal
 * an "Auszahlung". "Sendung" is a parcel or a broadcast, not money leaving an account.
 */
const german = createFormatter('de-DE', catalogueNow('de'));
const texts = Object.entries(catalogueNow('de')).filter(([, text]) => typeof text === 'string') as [
  MessageId,
  string,
][];

describe('German names a send "Sendevorgang", with the grammar of a masculine noun', () => {
  it('no German text calls a send a "Sendung"', () => {
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter(([, text]) => /\bSendung(en)?\b/.test(text)).map(([id]) => id)).toEqual([]);
  });

  it.each([
    ['money.unresolved.confirmTitle', { kind: 'send', count: 1 }, 'Diesen Sendevorgang schließen?'],
    ['money.unresolved.confirmTitle', { kind: 'send', count: 3 }, '3 Sendevorgänge schließen?'],
    ['send.outcome.new', {}, 'Neuer Sendevorgang'],
    ['send.outcome.startNew', {}, 'Neuen Sendevorgang beginnen'],
    ['history.filters.sends', {}, 'Sendevorgänge'],
  ] as const)('%s %j reads %j', (id, values, expected) => {
    expect(german.text(id, values)).toBe(expected);
  });

  it.each([
    ['send', 'Sendevorgänge', 'zeigt jeden davon', 'dass keiner davon', 'später einen davon'],
    ['swap', 'Tauschvorgänge', 'zeigt jeden davon', 'dass keiner davon', 'später einen davon'],
    ['withdraw', 'Auszahlungen', 'zeigt jede davon', 'dass keine davon', 'später eine davon'],
  ] as const)('closing every %s: the pronouns agree with "%s"', (kind, noun, ...pronouns) => {
    const text = german.text('money.close.all', { kind, count: 3 });
    for (const part of [`Alle 3 hier aufgeführten ${noun}`, ...pronouns]) expect(text).toContain(part);
  });

  it.each([
    ['send.outcome.notFound', 'Dieser Sendevorgang ist noch nicht', 'dass er fehlgeschlagen ist', 'sein Ergebnis'],
    [
      'mainMoney.failedSend',
      'meldet ihn als fehlgeschlagen',
      'bleibt dieser Sendevorgang offen',
      'einen neuen Sendevorgang',
    ],
    ['money.ackFirst', 'jedes früheren Sendevorgangs', 'dass er bereits', 'Schaltfläche'],
  ] as const)('%s refers back to the send as "er"', (id, ...parts) => {
    const text = german.text(id, { kind: 'send', panel: 'Sendevorgänge mit unbekanntem Ergebnis' });
    for (const part of parts) expect(text).toContain(part);
  });
});
