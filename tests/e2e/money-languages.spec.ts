import type { Page } from '@playwright/test';
import { createCodeSource } from '../support/two-factor-codes';
import { expectedFormats } from './support/amount-formats';
import { expect, OWN_APP, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { recordServiceRequests } from './support/service-requests';
import { textIn } from './support/shown-language';
import { completeBrowserSignIn, type AppSession } from './support/signed-in-app';

/**
 * The main flows in German and in Turkish: signing in through the sign-in screen and the browser page, and a
 * send confirmed with a two-factor code. Each story starts its own app with Settings › Language chosen before
 * the window loads, and finds every element by its name in that language, so an English word left on the way
 * fails it.
 */

/** BIP-173's example address: valid, and not the user's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const languages = {
  de: {
    locale: 'de-DE',
    signInLead: /^Melden Sie sich in Ihrem Webbrowser mit Ihrem Konto an/,
    signIn: 'Anmelden',
    returnedTitle: 'Sie können zu Wallet Desk zurückkehren',
    returnedText: 'Dieser Browser-Tab kann geschlossen werden.',
    nav: 'Hauptmenü',
    environment: 'Lokale Sandbox',
    home: 'Übersicht',
    send: 'Senden',
    asset: 'Asset',
    address: 'Zieladresse',
    amount: /^Betrag/,
    checkFees: 'Gebühren prüfen',
    fee: 'Gebühr',
    review: 'Senden prüfen',
    codeForm: 'Mit Ihrem Zwei-Faktor-Code bestätigen',
    code: 'Zwei-Faktor-Code',
    firstDigit: 'Ziffer 1 von 6',
    sendNow: 'Jetzt senden',
    sent: 'Gesendet',
    ambiguous:
      '„1.5“ ist in Ihrem Zahlenformat mehrdeutig: „.“ trennt Zifferngruppen, und „,“ ist das Dezimalzeichen (wie in 1.234.567,89).',
  },
  tr: {
    locale: 'tr-TR',
    signInLead: /^Web tarayıcınızda hesabınızla giriş yapın/,
    signIn: 'Giriş yap',
    returnedTitle: 'Wallet Desk’e dönebilirsiniz',
    returnedText: 'Bu tarayıcı sekmesini kapatabilirsiniz.',
    nav: 'Ana menü',
    environment: 'Yerel sandbox',
    home: 'Ana sayfa',
    send: 'Gönder',
    asset: 'Varlık',
    address: 'Hedef adres',
    amount: /^Miktar/,
    checkFees: 'Ücretleri kontrol et',
    fee: 'Ücret',
    review: 'Göndermeyi gözden geçir',
    codeForm: 'İki adımlı doğrulama kodunuzla onaylayın',
    code: 'İki adımlı doğrulama kodu',
    firstDigit: 'Hane 1 / 6',
    sendNow: 'Şimdi gönder',
    sent: 'Gönderildi',
    ambiguous:
      '“1.5” sayı biçiminizde belirsiz: basamak gruplarını “.” ayırır ve ondalık işareti “,” karakteridir (1.234.567,89 örneğindeki gibi).',
  },
} as const;
type Language = keyof typeof languages;

/**
 * Signs in as a person does, reading the app's words in `language`: the sign-in screen's button (or, for a
 * story about what comes after, the same operation asked of main directly), then in the browser the
 * provider's own pages (the sandbox's, in English), then the page the app shows on return.
 */
async function signInThroughBrowser(
  session: AppSession,
  language: Language,
  start: 'sign-in screen' | 'bridge' = 'sign-in screen',
): Promise<void> {
  const words = languages[language];
  const { page, app } = session;
  const user = session.sandbox.info().users.find((candidate) => candidate.username === 'alice');
  if (!user) throw new Error('no sandbox user alice');
  const startSignIn = async (): Promise<void> => {
    if (start === 'sign-in screen') {
      await expect(page.getByText(words.signInLead)).toBeVisible();
      await page.getByRole('button', { name: words.signIn, exact: true }).click();
      return;
    }
    // Answered only once the browser comes back, so it is not awaited here.
    const answered = app.dispatch('session.signIn', undefined);
    void answered.then((result) => {
      if (!result.ok) throw new Error(`sign-in refused: ${result.error.message}`);
    });
  };
  await completeBrowserSignIn(session, user, startSignIn, {
    locale: words.locale,
    returned: async (login) => {
      await expect(login.getByRole('heading', { name: words.returnedTitle })).toBeVisible({ timeout: 15_000 });
      await expect(login.getByText(words.returnedText)).toBeVisible();
    },
  });
  await expect(page.getByRole('navigation', { name: words.nav })).toBeVisible({ timeout: 20_000 });
}

async function openScreenIn(page: Page, language: Language, screen: 'home' | 'send'): Promise<void> {
  const words = languages[language];
  const name = words[screen];
  await page.getByRole('navigation', { name: words.nav }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

for (const language of ['de', 'tr'] as const) {
  const words = languages[language];

  test.describe(`in ${language}`, { tag: OWN_APP }, () => {
    test('signs in through the sign-in screen and the browser page, and Home opens in the language', async ({
      launchApp,
    }) => {
      const session = await launchApp({ language, locale: words.locale });
      await expect(session.page.locator('html')).toHaveAttribute('lang', words.locale);
      await signInThroughBrowser(session, language);
      await openScreenIn(session.page, language, 'home');
      await expect(session.page.getByRole('banner').getByText(words.environment, { exact: true })).toBeVisible();
      expect(session.pageErrors).toEqual([]);
    });

    test('sends BTC confirmed with a two-factor code, every step in the language and amounts in its format', async ({
      launchApp,
    }) => {
      const session = await launchApp({ language, locale: words.locale, totpWindowSteps: WIDE_TOTP_WINDOW });
      await signInThroughBrowser(session, language, 'bridge');
      const { page } = session;
      const formats = expectedFormats(words.locale);
      const shown = textIn(language);
      const user = session.sandbox.info().users.find((candidate) => candidate.username === 'alice');
      if (!user) throw new Error('no sandbox user alice');
      const nextCode = createCodeSource(user.totpSecret, WIDE_TOTP_WINDOW);
      const service = recordServiceRequests(session.sandbox);

      await openScreenIn(page, language, 'send');
      await page.getByRole('combobox', { name: words.asset, exact: true }).selectOption('BTC');
      await page.getByRole('textbox', { name: words.address }).fill(BTC_DESTINATION);
      const amount = page.getByRole('textbox', { name: words.amount });
      // A point is the language's grouping mark, so "1.5" could be read two ways: refused, in the language.
      await amount.fill('1.5');
      await expect(page.getByRole('status').filter({ hasText: words.ambiguous })).toBeVisible();
      // Typed as the language writes numbers: a decimal comma.
      await amount.fill('0,0015');
      await page.getByRole('button', { name: words.checkFees }).click();
      // The fee levels are named in the language too, on the options and on the review.
      const low = shown('send.fee.low');
      await page
        .getByRole('group', { name: words.fee, exact: true })
        .getByRole('radio', { name: new RegExp(`^${low}`) })
        .check();
      await page.getByRole('button', { name: words.review, exact: true }).click();

      const review = page.getByRole('region', { name: words.review });
      await expect(review).toContainText(formats.crypto('0.0015', 'BTC'));
      await expect(review).toContainText(shown('send.review.fee', { label: low }));
      const form = review.getByRole('form', { name: words.codeForm });
      await expect(form.getByRole('group', { name: words.code })).toBeVisible();
      await form.getByRole('textbox', { name: words.firstDigit }).fill(await nextCode());
      await form.getByRole('button', { name: words.sendNow }).click();
      await expect(page.getByRole('heading', { name: words.sent, exact: true })).toBeVisible();
      // Once, with the amount typed in the language's format read exactly.
      const sent = service.requests.filter((request) => request.path === '/send');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toMatchObject({ symbol: 'BTC', address: BTC_DESTINATION, amount: 0.0015 });
      service.restore();
      expect(session.pageErrors).toEqual([]);
    });
  });
}
