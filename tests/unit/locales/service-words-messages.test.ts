import { afterEach, describe, expect, it } from 'vitest';
import { roleRefusalWords } from '../../../src-main/features/money/roles';
import { setMainLanguage } from '../../../src-main/i18n/main-text';
import { roleWords, statusWords } from '../../../src-renderer/src/i18n/service-words';
import { applyLanguage, t } from '../../../src-renderer/src/i18n/text';

afterEach(async () => {
  setMainLanguage('en', ['en-US']);
  await applyLanguage('en');
});

describe("the service's role names in the user's language", () => {
  it.each([
    ['en', 'Acme (Merchant administrator)', 'Acme (Agent)', 'Acme (Viewer)'],
    ['de', 'Acme (Händler-Administrator)', 'Acme (Agent)', 'Acme (Betrachter)'],
    ['tr', 'Acme (İşletme yöneticisi)', 'Acme (Temsilci)', 'Acme (Görüntüleyici)'],
  ] as const)('%s: the top bar names each known role', async (language, administrator, agent, viewer) => {
    await applyLanguage(language);
    const option = (role: string): string => t('shell.topBar.accountOption', { name: 'Acme', role: roleWords(role) });
    expect([option('MerchantAdministrator'), option('Agent'), option('Viewer')]).toEqual([
      administrator,
      agent,
      viewer,
    ]);
  });

  it('keeps a role the app does not know as the service wrote it', async () => {
    await applyLanguage('de');
    expect(roleWords('Auditor')).toBe('Auditor');
    expect(roleWords('constructor')).toBe('constructor');
  });

  it.each([
    ['de', 'de-DE', 'Ihre Rolle (Betrachter) in Acme kann nicht senden.'],
    ['tr', 'tr-TR', 'Acme hesabındaki rolünüz (Görüntüleyici) gönderemez.'],
  ] as const)("%s: main's refusals name the role too", (language, locale, expected) => {
    setMainLanguage(language, [locale]);
    expect(roleRefusalWords({ role: 'Viewer', name: 'Acme' }, 'send')).toContain(expected);
  });
});

describe("a transaction status inside a sentence, in the user's language", () => {
  it.each([
    ['en', 'Found in your transaction history (Completed). It was sent once.'],
    ['de', 'In Ihrem Transaktionsverlauf gefunden (Abgeschlossen). Es wurde einmal gesendet.'],
    ['tr', 'İşlem geçmişinizde bulundu (Tamamlandı). Bir kez gönderildi.'],
  ] as const)('%s: the send outcome names a known status', async (language, expected) => {
    await applyLanguage(language);
    expect(t('send.outcome.found', { status: statusWords('Completed') })).toBe(expected);
  });

  it('keeps a status the app does not know as the service sent it', async () => {
    await applyLanguage('tr');
    expect(statusWords('Reversed')).toBe('Reversed');
  });
});
