import { afterEach, describe, expect, it } from 'vitest';
import { requireWebUrl } from '../../../../../src-main/features/merchant/merchant-deposits';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';

/** A deposit request's refusals name the address they refuse as a whole sentence in the desk's language. */
describe('deposit refusals in the language of the desk', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    ['en', 'The redirect URL must not contain a user name or password.'],
    ['de', 'Die Weiterleitungs-URL darf keinen Benutzernamen und kein Passwort enthalten.'],
    ['tr', "Yönlendirme URL'si kullanıcı adı veya parola içermemelidir."],
  ] as const)('%s: a redirect URL with credentials', (language, message) => {
    setMainLanguage(language, []);
    expect(() => requireWebUrl('https://user:pw@shop.example/done', 'redirectUrl')).toThrow(message);
  });

  it.each([
    ['en', 'The callback URL must be a full address such as https://shop.example/callback.'],
    ['de', 'Die Callback-URL muss eine vollständige Adresse sein, zum Beispiel https://shop.example/callback.'],
    ['tr', "Geri çağrı URL'si https://shop.example/callback gibi tam bir adres olmalıdır."],
  ] as const)('%s: a callback URL that is not an address', (language, message) => {
    setMainLanguage(language, []);
    expect(() => requireWebUrl('shop callback', 'callbackUrl')).toThrow(message);
  });
});
