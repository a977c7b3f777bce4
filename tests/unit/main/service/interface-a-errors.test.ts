import { afterEach, describe, expect, it } from 'vitest';
import { classifyMoneyError } from '../../../../src-main/features/money/money-errors';
import { setMainLanguage } from '../../../../src-main/i18n/main-text';
import { errorForAnswer } from '../../../../src-main/service/interface-a-errors';
import type { ServiceAnswer } from '../../../../src-main/service/http-call';

/**
 * The service writes its refusals in English. What reaches a German or Turkish user is the app's own
 * sentence: for the refusals the app knows, its own words; for any other, its own sentence saying that these
 * are the service's words.
 */

const refusal = (status: number, message: string): ServiceAnswer => ({
  status,
  retryAfter: null,
  envelope: { code: status, data: false, message },
  json: { code: status, data: false, message },
});
const role = () => 'role';

afterEach(() => setMainLanguage('en', ['en-US']));

describe("the service's refusals in the user's language", () => {
  it.each([
    ['de', 'Der Dienst akzeptiert diese Adresse für dieses Asset und Netzwerk nicht.'],
    ['tr', 'Hizmet bu adresi bu varlık ve ağ için kabul etmiyor.'],
  ] as const)('%s: a refused address on a send, in a read and on a precheck', (language, expected) => {
    setMainLanguage(language, [language]);
    const onSend = classifyMoneyError(errorForAnswer(refusal(400, 'Invalid address'), true), role);
    expect(onSend).toMatchObject({ code: 'invalid_address', field: 'address' });
    expect(onSend.message).toContain(expected);
    expect(errorForAnswer(refusal(400, 'Invalid address'), false).message).toContain(expected);
  });

  it.each([
    ['de', 'Der Dienst hat den Zugriff auf dieses Konto verweigert.'],
    ['tr', 'Hizmet bu hesaba erişimi reddetti.'],
  ] as const)('%s: spec 7.1 "Access denied to this account" on a send and in a read', (language, expected) => {
    setMainLanguage(language, [language]);
    expect(classifyMoneyError(errorForAnswer(refusal(403, 'Access denied to this account'), true), role)).toMatchObject(
      { code: 'forbidden', message: expected },
    );
    expect(errorForAnswer(refusal(403, 'Access denied to this account'), false).message).toBe(expected);
  });

  it.each([
    ['de', 'Invalid symbol', 'invalid_symbol'],
    ['tr', 'Insufficient balance', 'insufficient_balance'],
    ['de', 'Invalid two-factor code', 'invalid_code'],
  ] as const)("%s: %j outside the send and swap forms is in the app's words too", (language, said, code) => {
    setMainLanguage('en', ['en-US']);
    const english = errorForAnswer(refusal(400, said), false).message;
    setMainLanguage(language, [language]);
    const shown = errorForAnswer(refusal(400, said), false);
    expect(shown.code).toBe(code);
    expect(shown.message).not.toContain(said);
    expect(shown.message).not.toBe(english);
    expect(shown.message).toMatch(/\.$/);
  });

  it.each([
    ['de', 'Der Dienst akzeptiert diesen Betrag nicht'],
    ['tr', 'Hizmet bu miktarı kabul etmiyor'],
  ] as const)('%s: "Invalid amount" on a send is put at the amount field in the app\'s words', (language, expected) => {
    setMainLanguage(language, [language]);
    const onSend = classifyMoneyError(errorForAnswer(refusal(400, 'Invalid amount'), true), role);
    expect(onSend).toMatchObject({ code: 'bad_input', field: 'amount' });
    expect(onSend.message).toContain(expected);
  });

  it.each([
    ['en', 400, 'The service refused the request and said: “Page size out of range.”'],
    ['de', 400, 'Der Dienst hat die Anfrage abgelehnt und meldete: „Page size out of range.“'],
    ['tr', 403, 'Bunun için yetkiniz yok. Hizmetin yanıtı: “Page size out of range.”'],
  ] as const)(
    "%s: other words of the service are labelled as its own, inside the app's sentence (%i)",
    (language, status, expected) => {
      setMainLanguage(language, [language]);
      expect(errorForAnswer(refusal(status, 'Page size out of range'), false).message).toBe(expected);
    },
  );
});
