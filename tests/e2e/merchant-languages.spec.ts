import type { Page } from '@playwright/test';
import type { LanguagePreference } from '../../src-preload/contract/app';
import type { RunningSandbox, SandboxInfo } from '../../sandbox/server';
import { createCodeSource } from '../support/two-factor-codes';
import { expect, OWN_APP, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { containing, definitionOf, statusSaying } from './support/page-text';
import { completeBrowserSignIn, type AppSession } from './support/signed-in-app';

/**
 * A merchant withdrawal read and driven in German and in Turkish: the keys, a verified address, the form,
 * the review with the two-factor code and the outcome, each control found by its role and its name in that
 * language, and the amounts written as the language writes them.
 */

type Merchant = SandboxInfo['merchants'][number];

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** What the story reads and presses, in the window's language. */
interface Words {
  readonly name: string;
  readonly language: LanguagePreference;
  readonly locale: string;
  readonly signIn: string;
  readonly returned: string;
  readonly nav: string;
  readonly merchant: string;
  readonly keysForm: string;
  readonly publicKey: string;
  readonly secretKey: string;
  readonly saveKeys: string;
  readonly keysSaved: RegExp;
  readonly verifiedTab: string;
  readonly reference: string;
  readonly assetAndNetwork: string;
  readonly address: string;
  readonly label: string;
  readonly startVerification: string;
  readonly received: string;
  readonly confirmAmount: string;
  readonly noneWaiting: string;
  readonly withdrawTab: string;
  readonly withdrawForm: string;
  readonly memberReference: string;
  readonly loadVerified: string;
  readonly verifiedAddress: string;
  readonly amount: string;
  readonly transactionIdField: string;
  readonly email: string;
  readonly reviewButton: string;
  readonly reviewHeading: string;
  readonly transactionIdTerm: string;
  readonly amountTerm: string;
  readonly addressStatusTerm: string;
  readonly verified: string;
  readonly codeGroup: string;
  readonly firstDigit: string;
  readonly withdraw: string;
  readonly sentHeading: string;
  readonly wentThrough: string;
  readonly newWithdrawal: string;
}

const german: Words = {
  name: 'German',
  language: 'de',
  locale: 'de-DE',
  signIn: 'Anmelden',
  returned: 'Sie können zu Wallet Desk zurückkehren',
  nav: 'Hauptmenü',
  merchant: 'Händler',
  keysForm: 'Händler-API-Schlüssel',
  publicKey: 'Öffentlicher Schlüssel',
  secretKey: 'Geheimer Schlüssel',
  saveKeys: 'Schlüssel speichern',
  keysSaved: /^Schlüssel gespeichert\. /,
  verifiedTab: 'Verifizierte Adressen',
  reference: 'Referenz-ID',
  assetAndNetwork: 'Asset und Netzwerk',
  address: 'Adresse',
  label: 'Bezeichnung',
  startVerification: 'Verifizierung starten',
  received: 'Exakter Eingangsbetrag (ETH)',
  confirmAmount: 'Betrag bestätigen',
  noneWaiting: 'Keine Verifizierung wartet.',
  withdrawTab: 'Auszahlen',
  withdrawForm: 'Auszahlen',
  memberReference: 'Referenz-ID des Mitglieds',
  loadVerified: 'Verifizierte Adressen laden',
  verifiedAddress: 'Verifizierte Adresse',
  amount: 'Betrag (ETH)',
  transactionIdField: 'Händler-Transaktions-ID (optional)',
  email: 'E-Mail des Händlerkontos',
  reviewButton: 'Auszahlung prüfen',
  reviewHeading: 'Auszahlung prüfen',
  transactionIdTerm: 'Händler-Transaktions-ID',
  amountTerm: 'Betrag',
  addressStatusTerm: 'Adressstatus',
  verified: 'Verifiziert',
  codeGroup: 'Zwei-Faktor-Code',
  firstDigit: 'Ziffer 1 von 6',
  withdraw: 'Auszahlen',
  sentHeading: 'Auszahlung gesendet',
  wentThrough: 'Die Auszahlung wurde ausgeführt.',
  newWithdrawal: 'Neue Auszahlung',
};

const turkish: Words = {
  name: 'Turkish',
  language: 'tr',
  locale: 'tr-TR',
  signIn: 'Giriş yap',
  returned: 'Wallet Desk’e dönebilirsiniz',
  nav: 'Ana menü',
  merchant: 'İşletme',
  keysForm: 'İşletme API anahtarları',
  publicKey: 'Açık anahtar',
  secretKey: 'Gizli anahtar',
  saveKeys: 'Anahtarları kaydet',
  keysSaved: /^Anahtarlar kaydedildi\. /,
  verifiedTab: 'Doğrulanmış adresler',
  reference: 'Referans kimliği',
  assetAndNetwork: 'Varlık ve ağ',
  address: 'Adres',
  label: 'Etiket',
  startVerification: 'Doğrulamayı başlat',
  received: 'Alınan tam miktar (ETH)',
  confirmAmount: 'Miktarı onayla',
  noneWaiting: 'Bekleyen doğrulama yok.',
  withdrawTab: 'Para çek',
  withdrawForm: 'Para çek',
  memberReference: 'Üye referans kimliği',
  loadVerified: 'Doğrulanmış adresleri yükle',
  verifiedAddress: 'Doğrulanmış adres',
  amount: 'Miktar (ETH)',
  transactionIdField: 'İşletme işlem kimliği (isteğe bağlı)',
  email: 'İşletme hesabının e-posta adresi',
  reviewButton: 'Para çekmeyi gözden geçir',
  reviewHeading: 'Para çekmeyi gözden geçirin',
  transactionIdTerm: 'İşletme işlem kimliği',
  amountTerm: 'Miktar',
  addressStatusTerm: 'Adres durumu',
  verified: 'Doğrulandı',
  codeGroup: 'İki adımlı doğrulama kodu',
  firstDigit: 'Hane 1 / 6',
  withdraw: 'Para çek',
  sentHeading: 'Para çekme gönderildi',
  wentThrough: 'Para çekme işlemi gerçekleşti.',
  newWithdrawal: 'Yeni para çekme',
};

const merchantOf = (sandbox: RunningSandbox) => sandbox.info().merchants[0] as Merchant;

/** The small amount the service sent to the address being verified, as its owner sees it arrive. */
function verificationTo(sandbox: RunningSandbox, address: string): string {
  const amounts = sandbox
    .movements()
    .filter((movement) => movement.kind === 'verification' && movement.address?.toLowerCase() === address.toLowerCase())
    .map((movement) => movement.amount);
  const last = amounts.at(-1);
  if (last === undefined) throw new Error('the service sent no verification amount');
  return last;
}

/** A decimal as a person in a comma-decimal language types it. */
const typedWithComma = (amount: string) => amount.replace('.', ',');

/**
 * Signs in as a person does, the app already in the language: the sign-in screen's button and the page shown
 * on return are the app's, in the language; the provider's pages in between are the sandbox's own, in English.
 */
async function signInAsAlice(session: AppSession, words: Words): Promise<void> {
  const user = session.sandbox.info().users.find((candidate) => candidate.username === 'alice');
  if (!user) throw new Error('no sandbox user alice');
  await completeBrowserSignIn(
    session,
    user,
    () => session.page.getByRole('button', { name: words.signIn, exact: true }).click(),
    {
      locale: words.locale,
      returned: (login) =>
        expect(login.getByRole('heading', { name: words.returned })).toBeVisible({ timeout: 15_000 }),
    },
  );
  await expect(session.page.getByRole('navigation', { name: words.nav })).toBeVisible({ timeout: 20_000 });
}

async function saveKeys(page: Page, words: Words, merchant: Merchant): Promise<void> {
  const form = page.getByRole('form', { name: words.keysForm });
  await form.getByRole('textbox', { name: words.publicKey, exact: true }).fill(merchant.publicKey);
  const secret = form.getByRole('textbox', { name: words.secretKey, exact: true });
  await secret.fill(merchant.secretKey);
  await form.getByRole('button', { name: words.saveKeys, exact: true }).click();
  await expect(statusSaying(page, words.keysSaved)).toBeVisible();
  await expect(secret).toHaveValue('');
}

async function verifyAddress(page: Page, words: Words, sandbox: RunningSandbox, reference: string): Promise<void> {
  await page.getByRole('tab', { name: words.verifiedTab, exact: true }).click();
  await page.getByRole('textbox', { name: words.reference, exact: true }).fill(reference);
  await page.getByRole('combobox', { name: words.assetAndNetwork, exact: true }).selectOption('ETH');
  await page.getByRole('textbox', { name: words.address, exact: true }).fill(ETH_ADDRESS);
  await page.getByRole('textbox', { name: words.label, exact: true }).fill('Treasury');
  await page.getByRole('button', { name: words.startVerification, exact: true }).click();
  const received = page.getByRole('textbox', { name: words.received, exact: true });
  await expect(received).toHaveValue('');
  await received.fill(typedWithComma(verificationTo(sandbox, ETH_ADDRESS)));
  await page.getByRole('button', { name: words.confirmAmount, exact: true }).click();
  await expect(page.getByText(words.noneWaiting, { exact: true })).toBeVisible();
}

for (const words of [german, turkish]) {
  test.describe(`merchant withdrawal in ${words.name}`, { tag: OWN_APP }, () => {
    test(`keys, a verified address, the form, the review with the code and the outcome, all in ${words.name}`, async ({
      launchApp,
    }) => {
      const session = await launchApp({
        locale: words.locale,
        language: words.language,
        totpWindowSteps: WIDE_TOTP_WINDOW,
      });
      const { page, sandbox } = session;
      await signInAsAlice(session, words);
      const merchant = merchantOf(sandbox);
      const nextCode = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);
      const transactionId = `I18N-${words.language.toUpperCase()}-1`;
      const reference = `member-${words.language}`;
      await expect(page.locator('html')).toHaveAttribute('lang', words.locale);

      await page.getByRole('navigation', { name: words.nav }).getByRole('button', { name: words.merchant }).click();
      await expect(page.getByRole('heading', { name: words.merchant, exact: true })).toBeVisible();
      await saveKeys(page, words, merchant);
      await verifyAddress(page, words, sandbox, reference);

      await page.getByRole('tab', { name: words.withdrawTab, exact: true }).click();
      const form = page.getByRole('form', { name: words.withdrawForm, exact: true });
      await form.getByRole('textbox', { name: words.memberReference, exact: true }).fill(reference);
      await form.getByRole('button', { name: words.loadVerified, exact: true }).click();
      await form
        .getByRole('combobox', { name: words.verifiedAddress, exact: true })
        .selectOption({ label: `Treasury — ETH — ${ETH_ADDRESS}` });
      await form.getByRole('textbox', { name: words.amount, exact: true }).fill('0,0125');
      await form.getByRole('textbox', { name: words.transactionIdField, exact: true }).fill(transactionId);
      await form.getByRole('textbox', { name: words.email, exact: true }).fill(merchant.email);
      await form.getByRole('button', { name: words.reviewButton, exact: true }).click();

      const review = page.getByRole('region', { name: words.reviewHeading, exact: true });
      await expect(review.getByRole('heading', { name: words.reviewHeading, exact: true })).toBeVisible();
      // The amount as the language writes it: a decimal comma, never the point the service reads.
      await expect(definitionOf(review, words.amountTerm).first()).toHaveText(/^0,0125\s*ETH$/);
      await expect(definitionOf(review, words.transactionIdTerm)).toHaveText(transactionId);
      await expect(definitionOf(review, words.addressStatusTerm)).toHaveText(words.verified);
      await review
        .getByRole('group', { name: words.codeGroup, exact: true })
        .getByRole('textbox', { name: words.firstDigit, exact: true })
        .click();
      await page.keyboard.type(await nextCode());
      await review.getByRole('button', { name: words.withdraw, exact: true }).click();

      await expect(page.getByRole('heading', { name: words.sentHeading, exact: true })).toBeVisible();
      await expect(statusSaying(page, containing(words.wentThrough))).toBeVisible();
      expect(sandbox.movements().filter((movement) => movement.merchantTransactionId === transactionId)).toEqual([
        expect.objectContaining({ amount: '0.0125', referenceId: reference }),
      ]);
      await expect(page.getByRole('button', { name: words.newWithdrawal, exact: true })).toBeVisible();
      expect(session.pageErrors).toEqual([]);
    });
  });
}
