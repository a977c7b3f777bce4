import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { classifyMoneyError } from '../../../../../src-main/features/money/money-errors';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';

const role = () => 'Your role (Viewer) in Acme cannot send. Ask an administrator of the account.';

describe('how a failed money-moving request counts', () => {
  it('treats explained refusals as definite, in the app words and at their field', () => {
    expect(
      classifyMoneyError(new AppError('invalid_code', 'Invalid two-factor code', { field: 'tfa' }), role),
    ).toMatchObject({ code: 'invalid_code', field: 'tfa' });
    expect(classifyMoneyError(new AppError('insufficient_balance', 'Insufficient balance'), role)).toMatchObject({
      code: 'insufficient_balance',
      field: 'amount',
    });
    expect(
      classifyMoneyError(new AppError('forbidden', 'Insufficient permissions for send operation'), role),
    ).toMatchObject({ code: 'forbidden', message: role() });
    expect(classifyMoneyError(new AppError('rate_limited', 'Too many requests'), role).code).toBe('rate_limited');
  });

  it('counts the service refusing the amount as definite, at the amount field', () => {
    expect(classifyMoneyError(new AppError('service_error', 'Invalid amount'), role)).toMatchObject({
      code: 'bad_input',
      field: 'amount',
    });
  });

  it('treats a server error, an unreadable answer or anything unexpected as an unknown outcome', () => {
    for (const error of [
      new AppError('service_error', 'The service reported a problem (500).'),
      new AppError('network', 'x'),
      new Error('boom'),
      'odd',
    ]) {
      expect(classifyMoneyError(error, role).code).toBe('outcome_unknown');
    }
  });
});

describe('a refusal in the chosen language', () => {
  afterEach(() => setMainLanguage('en', []));

  it('explains a refused two-factor code and an unknown outcome in German and Turkish', () => {
    const refused = new AppError('invalid_code', 'Invalid two-factor code', { field: 'tfa' });
    setMainLanguage('de', []);
    expect(classifyMoneyError(refused, role).message).toBe(
      'Der Dienst hat diesen Zwei-Faktor-Code abgelehnt. Warten Sie auf den nächsten Code in Ihrer Authenticator-App und geben Sie ihn ein.',
    );
    expect(classifyMoneyError(new AppError('service_error', 'Bad gateway'), role).message).toMatch(
      /^Der Dienst hat keine eindeutige Antwort gegeben/,
    );
    setMainLanguage('tr', []);
    expect(classifyMoneyError(new AppError('insufficient_balance', 'Insufficient balance'), role).message).toBe(
      'Yetersiz bakiye: miktar ile ücretin toplamı bu cüzdandakinden fazla.',
    );
    expect(classifyMoneyError(new AppError('service_error', 'Bad gateway'), role).message).toContain(
      'bu yüzden bunun gerçekleşip gerçekleşmediği bilinmiyor',
    );
  });
});
