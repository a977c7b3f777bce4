import { afterEach, describe, expect, it } from 'vitest';
import { roleRefusalWords } from '../../../src-main/features/money/roles';
import { setMainLanguage } from '../../../src-main/i18n/main-text';

afterEach(() => setMainLanguage('en', ['en-US']));

const viewer = { role: 'Viewer', name: 'Acme' };

describe('role refusals as whole sentences, one per operation, in every language', () => {
  it.each([
    [
      'en',
      'en-US',
      'send',
      'Your role (Viewer) in Acme cannot send. Ask an administrator of the account.',
      'Your role in this account cannot send. Ask an administrator of the account.',
    ],
    [
      'en',
      'en-US',
      'merchantKeys',
      'Your role (Viewer) in Acme can see merchant balances only: it cannot save merchant keys. Ask an administrator of the account.',
      'Your role in this account can see merchant balances only: it cannot save merchant keys. Ask an administrator of the account.',
    ],
    [
      'de',
      'de-DE',
      'swap',
      'Ihre Rolle (Betrachter) in Acme kann nicht tauschen. Wenden Sie sich an eine Administratorin oder einen Administrator des Kontos.',
      'Ihre Rolle in diesem Konto kann nicht tauschen. Wenden Sie sich an eine Administratorin oder einen Administrator des Kontos.',
    ],
    [
      'de',
      'de-DE',
      'withdraw',
      'Ihre Rolle (Betrachter) in Acme kann nur die Händlerguthaben sehen: Sie kann nicht auszahlen. Wenden Sie sich an eine Administratorin oder einen Administrator des Kontos.',
      'Ihre Rolle in diesem Konto kann nur die Händlerguthaben sehen: Sie kann nicht auszahlen. Wenden Sie sich an eine Administratorin oder einen Administrator des Kontos.',
    ],
    [
      'tr',
      'tr-TR',
      'createDepositAddresses',
      'Acme hesabındaki rolünüz (Görüntüleyici) yatırma adresi oluşturamaz. Hesabın bir yöneticisine başvurun.',
      'Bu hesaptaki rolünüz yatırma adresi oluşturamaz. Hesabın bir yöneticisine başvurun.',
    ],
    [
      'tr',
      'tr-TR',
      'closeWithdrawals',
      'Acme hesabındaki rolünüz (Görüntüleyici) yalnızca işletme bakiyelerini görebilir: para çekme işlemlerini kapatamaz. Hesabın bir yöneticisine başvurun.',
      'Bu hesaptaki rolünüz yalnızca işletme bakiyelerini görebilir: para çekme işlemlerini kapatamaz. Hesabın bir yöneticisine başvurun.',
    ],
  ] as const)('%s (%s): %s, with and without the account', (language, locale, operation, named, unnamed) => {
    setMainLanguage(language, [locale]);
    expect(roleRefusalWords(viewer, operation)).toBe(named);
    expect(roleRefusalWords(undefined, operation)).toBe(unnamed);
  });

  it('keeps the English sentences the merchant features wrote before', () => {
    const merchant = (rest: string) =>
      `Your role (Viewer) in Acme can see merchant balances only: it cannot ${rest}. Ask an administrator of the account.`;
    expect(roleRefusalWords(viewer, 'merchantApiAddresses')).toBe(merchant('change merchant API addresses'));
    expect(roleRefusalWords(viewer, 'withdrawalAddresses')).toBe(
      merchant('change which addresses withdrawals may go to'),
    );
    expect(roleRefusalWords(viewer, 'merchantAssetNames')).toBe(
      merchant('change how assets are named to the merchant API'),
    );
    expect(roleRefusalWords(viewer, 'requestSigning')).toBe(merchant('set up request signing'));
    expect(roleRefusalWords(viewer, 'verifyWithdrawalAddresses')).toBe(merchant('verify withdrawal addresses'));
    expect(roleRefusalWords(viewer, 'merchantDepositAddresses')).toBe(merchant('create deposit addresses'));
    expect(roleRefusalWords(viewer, 'withdraw')).toBe(merchant('withdraw'));
    expect(roleRefusalWords(viewer, 'closeWithdrawals')).toBe(merchant('close withdrawals'));
    expect(roleRefusalWords(viewer, 'createDepositAddresses')).toBe(
      'Your role (Viewer) in Acme cannot create deposit addresses. Ask an administrator of the account.',
    );
  });
});
