import { afterEach, describe, expect, it } from 'vitest';
import { signInError } from '../../../src-main/auth/sign-in-errors';
import { setMainLanguage } from '../../../src-main/i18n/main-text';
import { savingSettings } from '../../../src-main/settings/storage-failure';

const diskFull = () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));

describe("main's own refusals in the chosen language", () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    ['en', 'Wallet Desk could not save your address book. The disk is full. Free some space and try again.'],
    [
      'de',
      'Wallet Desk konnte Ihr Adressbuch nicht speichern. Der Datenträger ist voll. Geben Sie Speicherplatz frei und versuchen Sie es erneut.',
    ],
    ['tr', 'Wallet Desk adres defterinizi kaydedemedi. Disk dolu. Biraz yer açıp yeniden deneyin.'],
  ] as const)('%s: a settings write the disk refused says what and why', async (language, expected) => {
    setMainLanguage(language, []);
    await expect(savingSettings('address-book', diskFull)).rejects.toMatchObject({
      code: 'storage_failed',
      message: expected,
    });
  });

  it.each([
    ['en', 'Sign-in failed. Please try again.'],
    ['de', 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.'],
    ['tr', 'Giriş başarısız oldu. Lütfen yeniden deneyin.'],
  ] as const)('%s: a sign-in that failed for no known reason', (language, expected) => {
    setMainLanguage(language, []);
    expect(signInError(new Error('something odd')).message).toBe(expected);
  });
});
