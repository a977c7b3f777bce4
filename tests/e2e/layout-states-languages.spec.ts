import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { CatalogueName } from '../../resources/locales/languages';
import type { RunningSandbox } from '../../sandbox/server';
import { JOURNAL_FILE, serialiseJournal } from '../../src-main/journal/journal-format';
import { UnresolvedIntents } from '../../src-main/settings/unresolved-intents';
import { createCodeSource } from '../support/two-factor-codes';
import { expect, OWN_APP, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { judgeLayout } from './support/layout-judge';
import { chooseLanguage, openScreenIn, textIn, type ScreenId } from './support/shown-language';
import type { SignedInApp } from './support/signed-in-app';

/**
 * The states a screen reaches only after something happened, at 800x600 in German and in the pseudo-locale
 * (every text 40 % longer): they carry the longest texts (refusals, warnings, dialogs), and the screens as
 * they open (layout-languages.spec.ts) do not show them. Each is judged as the screens are (layout-judge.ts):
 * nothing outside the window or cut off, no sideways scroll. A state that would last only until an answer
 * arrives is held by a sandbox fault, never by timing. One app per family of states; each story reloads the
 * window and builds its own state, so it passes alone and in any order.
 */
const size = { width: 800, height: 600 } as const;
const languages = ['de', 'pseudo'] as const satisfies readonly CatalogueName[];

/** BIP-173's example address: valid, and not the user's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** A decimal as a person types it in the language: German writes a decimal comma. */
const typed = (language: CatalogueName, amount: string): string =>
  language === 'de' ? amount.replace('.', ',') : amount;

/** The layout problems of the window as it is now, saved under the language's folder. */
const judge = (page: Page, language: CatalogueName, name: string, topBar = true) =>
  judgeLayout(page, size, name, { topBar, folder: `800x600-${language}-states` });

/** A fresh window (what an earlier story left in the forms is gone), then `screen` opened in the language. */
async function freshScreen(page: Page, language: CatalogueName, screen: ScreenId): Promise<void> {
  await page.reload();
  await expect(page.getByRole('navigation', { name: textIn(language)('shell.nav') })).toBeVisible();
  await openScreenIn(page, language, screen);
}

/** A BTC send to the example address filled in and its fees checked, the Standard fee chosen. */
async function fillSend(page: Page, language: CatalogueName, amount: string): Promise<void> {
  const shown = textIn(language);
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: shown('send.form.asset'), exact: true }).selectOption('BTC');
  await main.getByRole('textbox', { name: shown('send.form.address'), exact: true }).fill(BTC_DESTINATION);
  await main
    .getByRole('textbox', { name: shown('send.form.amount', { unit: 'BTC' }), exact: true })
    .fill(typed(language, amount));
  await main.getByRole('button', { name: shown('send.form.check'), exact: true }).click();
}

/** The send's review, reached with a fee chosen: the two-factor boxes shown. */
async function reviewSend(page: Page, language: CatalogueName, amount: string): Promise<void> {
  const shown = textIn(language);
  await fillSend(page, language, amount);
  await page
    .getByRole('group', { name: shown('send.fees.fee'), exact: true })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: shown('send.fees.review'), exact: true }).click();
  await expect(codeForm(page, language).getByRole('group', { name: shown('money.twoFactor.label') })).toBeVisible();
}

const codeForm = (page: Page, language: CatalogueName) =>
  page.getByRole('form', { name: textIn(language)('money.review.codeForm') });

const digit = (page: Page, language: CatalogueName) =>
  codeForm(page, language).getByRole('textbox', {
    name: textIn(language)('money.twoFactor.digit', { index: 1, count: 6 }),
  });

/** A code the service refuses: every digit of a valid one moved by five, so it is none of the window's codes. */
const wrongCode = (code: string): string => code.replace(/\d/g, (figure) => String((Number(figure) + 5) % 10));

/**
 * The group's source of two-factor codes: the sandbox takes each time step once, so stories sharing a sandbox
 * share the record of steps used (a story's own fresh source would hand out a step an earlier one spent).
 */
const codeSources = new WeakMap<RunningSandbox, ReturnType<typeof createCodeSource>>();
function codesFor({ sandbox, user }: SignedInApp): ReturnType<typeof createCodeSource> {
  const found = codeSources.get(sandbox);
  if (found) return found;
  const made = createCodeSource(user.totpSecret, WIDE_TOTP_WINDOW);
  codeSources.set(sandbox, made);
  return made;
}

/** Text to find as it is, inside a pattern. */
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A send the service takes but answers with a 503, its commit held (until the story releases it or clears
 * the faults): the window shows its outcome as unknown.
 */
async function sendUntilUnknown(app: SignedInApp, language: CatalogueName): Promise<void> {
  const { page, sandbox } = app;
  const shown = textIn(language);
  const nextCode = codesFor(app);
  await freshScreen(page, language, 'send');
  await reviewSend(page, language, '0.0005');
  await digit(page, language).fill(await nextCode());
  sandbox.faults.set({ holdLateCommits: true, unexpectedAnswerNext: { commit: 'late', status: 503, message: 'x' } });
  await codeForm(page, language)
    .getByRole('button', { name: shown('send.review.submit'), exact: true })
    .click();
  await expect(page.getByRole('heading', { name: shown('money.outcome.unknown'), exact: true })).toBeVisible();
}

/**
 * From the unknown outcome: a new send started, the unknown one closed as did not go through from its list,
 * after the dialog that asks first. `atList` and `atDialog` run while each is shown.
 */
async function closeUnknownSend(
  page: Page,
  language: CatalogueName,
  atList: () => Promise<void> = async () => undefined,
  atDialog: () => Promise<void> = async () => undefined,
): Promise<void> {
  const shown = textIn(language);
  await page.getByRole('button', { name: shown('send.outcome.startNew'), exact: true }).click();
  const unknown = page.getByRole('region', { name: shown('send.unresolved.title'), exact: true });
  await expect(unknown).toBeVisible();
  await atList();
  await unknown
    .getByRole('button')
    .filter({ hasText: shown('money.unresolved.close') })
    .click();
  const dialog = page.getByRole('alertdialog', {
    name: shown('money.unresolved.confirmTitle', { kind: 'send', count: 1 }),
  });
  await expect(dialog).toBeVisible();
  await atDialog();
  await dialog.getByRole('button', { name: shown('money.unresolved.confirm', { count: 1 }) }).click();
  await expect(unknown).toHaveCount(0);
}

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The merchant's keys saved on the API keys tab, so the other tabs can reach the merchant API. */
async function saveMerchantKeys(page: Page, language: CatalogueName, sandbox: RunningSandbox): Promise<void> {
  const shown = textIn(language);
  const merchant = sandbox.info().merchants[0];
  if (!merchant) throw new Error('the sandbox has no merchant');
  await page.getByRole('tab', { name: shown('merchant.tab.keys'), exact: true }).click();
  const form = page.getByRole('form', { name: shown('merchant.keys.form') });
  await form.getByRole('textbox', { name: shown('merchant.keys.publicKey'), exact: true }).fill(merchant.publicKey);
  await form.getByRole('textbox', { name: shown('merchant.keys.secretKey'), exact: true }).fill(merchant.secretKey);
  await form.getByRole('button', { name: shown('merchant.keys.save'), exact: true }).click();
  await expect(form.getByRole('textbox', { name: shown('merchant.keys.secretKey'), exact: true })).toHaveValue('');
}

/** ETH_ADDRESS verified under `reference`, with the amount the service sent to it. */
async function verifyMerchantAddress(
  page: Page,
  language: CatalogueName,
  sandbox: RunningSandbox,
  reference: string,
): Promise<void> {
  const shown = textIn(language);
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: shown('merchant.tab.verified'), exact: true }).click();
  await main.getByRole('textbox', { name: shown('merchant.verified.reference'), exact: true }).fill(reference);
  await main.getByRole('combobox', { name: shown('merchant.verify.asset'), exact: true }).selectOption('ETH');
  await main.getByRole('textbox', { name: shown('merchant.verify.address'), exact: true }).fill(ETH_ADDRESS);
  await main.getByRole('textbox', { name: shown('merchant.verify.label'), exact: true }).fill('Treasury');
  await main.getByRole('button', { name: shown('merchant.verify.start'), exact: true }).click();
  const received = main.getByRole('textbox', { name: shown('merchant.verify.received', { code: 'ETH' }), exact: true });
  await expect(received).toHaveValue('');
  const sent = sandbox
    .movements()
    .filter(
      (movement) => movement.kind === 'verification' && movement.address?.toLowerCase() === ETH_ADDRESS.toLowerCase(),
    )
    .at(-1)?.amount;
  if (sent === undefined) throw new Error('the service sent no verification amount');
  await received.fill(typed(language, sent));
  await main.getByRole('button', { name: shown('merchant.verify.confirm'), exact: true }).click();
  await expect(main.getByText(shown('merchant.verify.pending.none'), { exact: true })).toBeVisible();
}

/** The merchant's two-factor codes for the group's sandbox (shared by its stories, as codesFor). */
const merchantCodeSources = new WeakMap<RunningSandbox, ReturnType<typeof createCodeSource>>();
function merchantCodesFor(sandbox: RunningSandbox): ReturnType<typeof createCodeSource> {
  const found = merchantCodeSources.get(sandbox);
  if (found) return found;
  const merchant = sandbox.info().merchants[0];
  if (!merchant) throw new Error('the sandbox has no merchant');
  const made = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);
  merchantCodeSources.set(sandbox, made);
  return made;
}

/**
 * A fresh Merchant screen: keys saved, ETH_ADDRESS verified, a withdrawal to it filled in and reviewed. Returns
 * the review, its two-factor boxes shown.
 */
async function reviewWithdrawal(page: Page, language: CatalogueName, sandbox: RunningSandbox) {
  const shown = textIn(language);
  await freshScreen(page, language, 'merchant');
  await saveMerchantKeys(page, language, sandbox);
  const reference = `layout-${language}`;
  await verifyMerchantAddress(page, language, sandbox, reference);
  await page.getByRole('tab', { name: shown('merchant.tab.withdraw'), exact: true }).click();
  const form = page.getByRole('form', { name: shown('withdraw.form.label'), exact: true });
  await form.getByRole('textbox', { name: shown('withdraw.form.reference'), exact: true }).fill(reference);
  await form.getByRole('button', { name: shown('withdraw.form.loadVerified'), exact: true }).click();
  await form.getByRole('combobox', { name: shown('withdraw.form.verified'), exact: true }).selectOption({
    label: shown('withdraw.form.verified.option', { label: 'Treasury', code: 'ETH', address: ETH_ADDRESS }),
  });
  await form
    .getByRole('textbox', { name: shown('withdraw.form.amount', { unit: 'ETH' }), exact: true })
    .fill(typed(language, '0.0125'));
  await form
    .getByRole('textbox', { name: shown('withdraw.form.email'), exact: true })
    .fill(sandbox.info().merchants[0]?.email ?? '');
  await form.getByRole('button', { name: shown('withdraw.form.review'), exact: true }).click();
  const review = page.getByRole('region', { name: shown('withdraw.review.title'), exact: true });
  await expect(review.getByRole('group', { name: shown('money.twoFactor.label'), exact: true })).toBeVisible();
  return review;
}

for (const language of languages) {
  const shown = textIn(language);
  const inLanguage = async (app: SignedInApp) => {
    await app.page.setViewportSize(size);
    await chooseLanguage(app, language);
  };

  test.describe(`send and swap states in ${language} at 800 x 600`, () => {
    test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW, afterSignIn: inLanguage } });

    test('send: refusals under the fields', async ({ signedInApp: { page } }) => {
      await freshScreen(page, language, 'send');
      // More than the BTC wallet holds: the service's balance refusal, with both amounts, under the field.
      await fillSend(page, language, '99999');
      const main = page.getByRole('main');
      await expect(main.getByRole('alert').first()).toBeVisible();
      expect(await judge(page, language, 'send-amount-refused')).toEqual([]);

      const address = main.getByRole('textbox', { name: shown('send.form.address'), exact: true });
      await address.fill('bc1qnotanaddressatall');
      await main.getByRole('button', { name: shown('send.form.check'), exact: true }).click();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      expect(await judge(page, language, 'send-address-refused')).toEqual([]);
    });

    test('send: the review with the two-factor boxes, then a refused code', async ({ signedInApp }) => {
      const { page } = signedInApp;
      const nextCode = codesFor(signedInApp);
      await freshScreen(page, language, 'send');
      await reviewSend(page, language, '0.0004');
      expect(await judge(page, language, 'send-review')).toEqual([]);

      await digit(page, language).fill(wrongCode(await nextCode()));
      await codeForm(page, language)
        .getByRole('button', { name: shown('send.review.submit'), exact: true })
        .click();
      await expect(codeForm(page, language).getByRole('alert')).toBeVisible();
      expect(await judge(page, language, 'send-code-refused')).toEqual([]);
    });

    test('send: outcome unknown, the list of unknown sends and the dialog that closes one', async ({ signedInApp }) => {
      try {
        await sendUntilUnknown(signedInApp, language);
        expect(await judge(signedInApp.page, language, 'send-outcome-unknown')).toEqual([]);
        await closeUnknownSend(
          signedInApp.page,
          language,
          async () => expect(await judge(signedInApp.page, language, 'send-unknown-list')).toEqual([]),
          async () => expect(await judge(signedInApp.page, language, 'send-close-dialog')).toEqual([]),
        );
      } finally {
        // Drops the held commit: the send never lands.
        signedInApp.sandbox.faults.reset();
      }
    });

    test('send: the alarm when a send closed as did not go through has gone through', async ({ signedInApp }) => {
      const { page, sandbox } = signedInApp;
      try {
        await sendUntilUnknown(signedInApp, language);
        await closeUnknownSend(page, language);
        // The service commits it after all; checking the closed send finds it.
        expect(sandbox.releaseLateCommits()).toBe(1);
        const closed = page.getByRole('region', { name: new RegExp(escapeRegExp(shown('send.closed.title'))) });
        await closed.getByRole('heading').click();
        await closed.getByRole('listitem').first().getByRole('button').click();
        const alarm = page.getByRole('alert').filter({ hasText: shown('money.alarm.headline', { kind: 'send' }) });
        await expect(alarm).toHaveCount(1);
        expect(await judge(page, language, 'send-alarm')).toEqual([]);
        await alarm.getByRole('button').click();
        await expect(alarm).toHaveCount(0);
      } finally {
        sandbox.faults.reset();
      }
    });

    test('swap: the review with the two-factor boxes', async ({ signedInApp: { page } }) => {
      await freshScreen(page, language, 'swap');
      const main = page.getByRole('main');
      await main.getByRole('combobox', { name: shown('swap.form.from'), exact: true }).selectOption('BTC');
      await main.getByRole('combobox', { name: shown('swap.form.fromNetwork') }).selectOption('Bitcoin Mainnet');
      await main.getByRole('combobox', { name: shown('swap.form.to'), exact: true }).selectOption('ETH');
      await main.getByRole('combobox', { name: shown('swap.form.toNetwork') }).selectOption('Ethereum Mainnet');
      await main
        .getByRole('textbox', { name: shown('swap.form.amount', { unit: 'BTC' }), exact: true })
        .fill(typed(language, '0.002'));
      await expect(main.getByRole('region', { name: shown('swap.form.quote'), exact: true })).toBeVisible();
      await main.getByRole('button', { name: shown('swap.form.review'), exact: true }).click();
      await expect(page.getByRole('region', { name: shown('swap.review.title'), exact: true })).toBeVisible();
      await expect(codeForm(page, language).getByRole('group', { name: shown('money.twoFactor.label') })).toBeVisible();
      expect(await judge(page, language, 'swap-review')).toEqual([]);
    });
  });

  test.describe(`address book states in ${language} at 800 x 600`, () => {
    test.use({ appOptions: { username: 'alice', afterSignIn: inLanguage } });

    test('a refused address under its field, a saved one, and the question before deleting it', async ({
      signedInApp: { page },
    }) => {
      await freshScreen(page, language, 'address-book');
      const add = page.getByRole('form', { name: shown('addressBook.form.add') });
      const name = `Cold storage ${language}`;
      await add.getByRole('textbox', { name: shown('addressBook.form.name'), exact: true }).fill(name);
      await add.getByRole('combobox', { name: shown('addressBook.form.code') }).selectOption('BTC');
      const address = add.getByRole('textbox', { name: shown('addressBook.form.address'), exact: true });
      await address.fill('bc1qnotanaddressatall');
      await add.getByRole('button', { name: shown('addressBook.form.submit') }).click();
      await expect(add.getByRole('alert').first()).toBeVisible();
      expect(await judge(page, language, 'address-book-refused')).toEqual([]);

      await address.fill(BTC_DESTINATION);
      await add.getByRole('button', { name: shown('addressBook.form.submit') }).click();
      await expect(page.getByRole('status').filter({ hasText: shown('addressBook.saved', { name }) })).toBeVisible();
      expect(await judge(page, language, 'address-book-saved')).toEqual([]);

      await page.getByRole('button', { name: shown('addressBook.entry.deleteLabel', { name }) }).click();
      const confirm = page.getByRole('group', { name: shown('addressBook.entry.confirmLabel', { name }) });
      await expect(confirm).toBeVisible();
      expect(await judge(page, language, 'address-book-delete')).toEqual([]);
      await confirm.getByRole('button', { name: shown('addressBook.entry.delete'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: shown('addressBook.deleted', { name }) })).toBeVisible();
    });
  });

  test.describe(`merchant states in ${language} at 800 x 600`, () => {
    test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW, afterSignIn: inLanguage } });

    test('withdraw: the review with the two-factor boxes', async ({ signedInApp: { page, sandbox } }) => {
      await reviewWithdrawal(page, language, sandbox);
      expect(await judge(page, language, 'withdraw-review')).toEqual([]);
    });

    test('withdraw: outcome unknown, the list of unknown withdrawals and the dialog that closes one', async ({
      signedInApp: { page, sandbox },
    }) => {
      const review = await reviewWithdrawal(page, language, sandbox);
      await review.getByRole('textbox', { name: shown('money.twoFactor.digit', { index: 1, count: 6 }) }).click();
      await page.keyboard.type(await merchantCodesFor(sandbox)());
      // The service takes the withdrawal but answers 503 with a code the spec does not list (not Z509, which
      // says it waits for the merchant's e-mail approval), and holds its commit until the story ends.
      sandbox.faults.set({
        holdLateCommits: true,
        unexpectedAnswerNext: { commit: 'late', status: 503, zCode: 'Z503' },
      });
      try {
        await review.getByRole('button', { name: shown('withdraw.review.submit'), exact: true }).click();
        await expect(page.getByRole('heading', { name: shown('withdraw.unknown.title'), exact: true })).toBeVisible();
        expect(await judge(page, language, 'withdraw-outcome-unknown')).toEqual([]);

        await page.getByRole('button', { name: shown('withdraw.unknown.back'), exact: true }).click();
        const unknown = page.getByRole('region', { name: shown('withdraw.unresolved.title'), exact: true });
        await expect(unknown).toBeVisible();
        expect(await judge(page, language, 'withdraw-unknown-list')).toEqual([]);

        await unknown
          .getByRole('button')
          .filter({ hasText: shown('money.unresolved.close') })
          .click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toBeVisible();
        expect(await judge(page, language, 'withdraw-close-dialog')).toEqual([]);
        // Closed, so that no later story is asked about this withdrawal first.
        await dialog.getByRole('button').last().click();
        await expect(unknown).toHaveCount(0);
      } finally {
        // Drops the held commit: the withdrawal never lands.
        sandbox.faults.reset();
      }
    });

    test('deposit addresses: a new address valued by the service in a fiat currency', async ({
      signedInApp: { page, sandbox },
    }) => {
      await freshScreen(page, language, 'merchant');
      await saveMerchantKeys(page, language, sandbox);
      const main = page.getByRole('main');
      await main.getByRole('tab', { name: shown('merchant.tab.deposits'), exact: true }).click();
      await main
        .getByRole('combobox', { name: shown('merchant.deposit.assetAndNetwork'), exact: true })
        .selectOption('LTC');
      await main.getByRole('textbox', { name: shown('merchant.deposit.label'), exact: true }).fill('Order 77');
      const reference = `order-${language}`;
      await main.getByRole('textbox', { name: shown('merchant.deposit.reference'), exact: true }).fill(reference);
      // Called only when a deposit arrives, which this story does not make.
      await main
        .getByRole('textbox', { name: shown('merchant.deposit.callback'), exact: true })
        .fill('https://shop.example/callback');
      await main
        .getByRole('group', { name: shown('merchant.deposit.unit') })
        .getByRole('radio', { name: shown('merchant.deposit.unit.fiat') })
        .check();
      await main.getByRole('combobox', { name: shown('merchant.deposit.currency') }).selectOption('EUR');
      await main
        .getByRole('textbox', { name: shown('merchant.deposit.amount', { unit: 'EUR' }), exact: true })
        .fill(typed(language, '1234.5'));
      await main.getByRole('button', { name: shown('merchant.deposit.create'), exact: true }).click();
      await expect(main.getByRole('region', { name: shown('merchant.deposit.title', { reference }) })).toBeVisible();
      expect(await judge(page, language, 'deposit-address')).toEqual([]);
    });
  });

  test.describe(`settings states in ${language} at 800 x 600`, () => {
    test.use({ appOptions: { username: 'alice', afterSignIn: inLanguage } });

    test('the question before signing out to switch environment', async ({ signedInApp: { page }, otherSandbox }) => {
      await freshScreen(page, language, 'settings');
      const section = page.getByRole('region', { name: shown('environments.title'), exact: true });
      const custom = shown('environments.name.custom');
      await section
        .getByRole('combobox', { name: shown('environments.environment'), exact: true })
        .selectOption({ label: custom });
      const form = section.getByRole('form', { name: shown('environments.addressesForm', { name: custom }) });
      await form
        .getByRole('textbox', { name: shown('environments.field.issuer'), exact: true })
        .fill(otherSandbox.issuer);
      await form
        .getByRole('textbox', { name: shown('environments.field.clientId'), exact: true })
        .fill(otherSandbox.clientId);
      await form
        .getByRole('textbox', { name: shown('environments.field.baseUrl'), exact: true })
        .fill(otherSandbox.baseUrl);
      await form.getByRole('button', { name: shown('environments.save'), exact: true }).click();
      await expect(section.getByRole('status')).toHaveText(shown('environments.saved'));
      await form.getByRole('button', { name: shown('environments.use', { name: custom }), exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: shown('environments.switch.title', { name: custom }) });
      await expect(dialog).toBeVisible();
      expect(await judge(page, language, 'environment-switch-dialog')).toEqual([]);
      await dialog.getByRole('button', { name: shown('environments.switch.cancel'), exact: true }).click();
      await expect(dialog).toHaveCount(0);
    });
  });

  test.describe(`top bar states in ${language} at 800 x 600`, () => {
    test.use({ appOptions: { username: 'alice', afterSignIn: inLanguage } });

    test('a refused account switch, said under the top bar’s controls', async ({ signedInApp }) => {
      const { page, user, sandbox } = signedInApp;
      await freshScreen(page, language, 'home');
      const account = page.getByRole('banner').getByRole('combobox', { name: shown('shell.topBar.account') });
      const chosen = await account.inputValue();
      const second = user.accounts.find((candidate) => candidate.guid !== chosen);
      if (!second) throw new Error('alice has one account only');
      // Kept for the switch itself: Home's own background reads pass.
      sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/accounts/switch' });
      await account.selectOption(second.guid);
      const alert = page.getByRole('banner').getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(account).toHaveValue(chosen);
      expect(await judge(page, language, 'account-switch-refused')).toEqual([]);
    });
  });

  test.describe(`notices of the whole window in ${language} at 800 x 600`, { tag: OWN_APP }, () => {
    test('without a usable keychain: the note on the sign-in screen', async ({ launchApp }) => {
      const { page } = await launchApp({ keychain: 'memory', language });
      await page.setViewportSize(size);
      await expect(page.getByRole('note').filter({ hasText: shown('session.signIn.noKeychain') })).toBeVisible();
      expect(await judge(page, language, 'no-keychain', false)).toEqual([]);
    });

    test('a computer clock ten minutes ahead: the clock notice', async ({ launchSignedInApp }) => {
      const app = await launchSignedInApp({ clockOffsetMs: 10 * 60_000, username: 'alice' });
      await inLanguage(app);
      await expect(app.page.getByRole('status', { name: shown('money.clock.label') })).toBeVisible();
      expect(await judge(app.page, language, 'clock-notice')).toEqual([]);
    });

    test('a damaged record of payments: the recovery notice', async ({ launchSandbox, launchSignedInApp }) => {
      const sandbox = await launchSandbox();
      const accountGuid = sandbox.info().users.find((user) => user.username === 'alice')?.accounts[0]?.guid ?? '';
      const userDataDir = await mkdtemp(join(tmpdir(), 'wallet-desk-e2e-layout-'));
      const settings = JSON.parse(
        await readFile(join(import.meta.dirname, '../unit/main/journal/fixtures/settings-from-main.json'), 'utf8'),
      ) as { unresolvedIntents: unknown };
      const kept = UnresolvedIntents.parse(settings.unresolvedIntents).send[0];
      if (!kept) throw new Error('the fixture holds no send');
      const send = { ...kept, body: { ...kept.body, accountGuid } };
      // The previous generation holds one send; the current file was cut short after naming a second one.
      await writeFile(
        join(userDataDir, 'money-journal.prev.json'),
        serialiseJournal({ sections: { send: [send], swap: [], withdraw: [] }, recovery: null }, 1),
      );
      await writeFile(
        join(userDataDir, JOURNAL_FILE),
        '{"format":"wallet-desk-money-journal","version":1,"sections":{"send":[{"referenceId":"send-ref-cut-2","bo',
      );
      const app = await launchSignedInApp({ sandbox, userDataDir, username: 'alice' });
      await inLanguage(app);
      await expect(app.page.getByRole('region', { name: shown('money.recovery.title') })).toBeVisible();
      expect(await judge(app.page, language, 'journal-recovery')).toEqual([]);
    });
  });
}
