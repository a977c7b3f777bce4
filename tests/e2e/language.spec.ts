import type { Page } from '@playwright/test';
import { seededPortfolio } from '../support/seeded-wallets';
import { accessibilityViolations } from './support/accessibility';
import { expectedFormats } from './support/amount-formats';
import { expect, OWN_APP, test } from './support/fixtures';
import type { SignedInApp } from './support/signed-in-app';
import { settled } from './support/settled';
import { textIn } from './support/shown-language';

/**
 * Settings › Language: each language named in its own words, applied at once (no restart, no reload), the
 * navigation, Settings and the numbers on Home changing together, and nothing typed into a form lost.
 */
test.use({ appOptions: { username: 'alice' } });

/** What the frame reads in each language: the navigation's name and its entries for Home and Settings. */
const frames = {
  English: { nav: 'Main', home: 'Home', settings: 'Settings', language: 'Language', locale: 'en-US' },
  Deutsch: { nav: 'Hauptmenü', home: 'Übersicht', settings: 'Einstellungen', language: 'Sprache', locale: 'de-DE' },
  Türkçe: { nav: 'Ana menü', home: 'Ana sayfa', settings: 'Ayarlar', language: 'Dil', locale: 'tr-TR' },
} as const;
type LanguageName = keyof typeof frames;
const catalogueOf = { English: 'en', Deutsch: 'de', Türkçe: 'tr' } as const satisfies Record<LanguageName, string>;

const navigation = (page: Page, shown: LanguageName) => page.getByRole('navigation', { name: frames[shown].nav });

async function openIn(page: Page, shown: LanguageName, screen: 'home' | 'settings'): Promise<void> {
  const name = frames[shown][screen];
  await navigation(page, shown).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** Chooses `wanted` in Settings › Language while the window reads `shown`; the frame follows without a reload. */
async function chooseLanguage(page: Page, shown: LanguageName, wanted: LanguageName): Promise<void> {
  await page.getByRole('combobox', { name: frames[shown].language }).selectOption({ label: wanted });
  await expect(navigation(page, wanted).getByRole('button', { name: frames[wanted].settings })).toBeVisible();
  await expect(page.getByRole('heading', { name: frames[wanted].settings, exact: true })).toBeVisible();
}

/** The total balance on Home as the language writes it (the seeded total of the active account). */
function totalBalance(app: SignedInApp, shown: LanguageName): string {
  const guid = app.app.core.session.view().activeAccountGuid;
  if (!guid) throw new Error('no active account');
  return expectedFormats(frames[shown].locale).usd(seededPortfolio(guid).totalBalanceUsd);
}

test.describe('Settings › Language', { tag: OWN_APP }, () => {
  test('German, then Turkish, then English again: the frame, Settings and the numbers switch at once', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });
    await openIn(page, 'English', 'settings');
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language.getByRole('option')).toHaveText(['Same as the system', 'English', 'Deutsch', 'Türkçe']);

    await chooseLanguage(page, 'English', 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(
      page.getByRole('group', { name: 'Design' }).getByRole('radio', { name: 'Wie das System' }),
    ).toBeChecked();
    await expect(page.getByRole('button', { name: 'Jetzt sperren' })).toBeVisible();
    await openIn(page, 'Deutsch', 'home');
    const german = totalBalance(app, 'Deutsch');
    expect(german).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}\s\$$/);
    await expect(page.getByRole('definition').first()).toHaveText(german);

    await openIn(page, 'Deutsch', 'settings');
    await chooseLanguage(page, 'Deutsch', 'Türkçe');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr-TR');
    await expect(page.getByRole('button', { name: 'Çıkış yap' })).toBeVisible();
    await openIn(page, 'Türkçe', 'home');
    await expect(page.getByRole('definition').first()).toHaveText(totalBalance(app, 'Türkçe'));

    await openIn(page, 'Türkçe', 'settings');
    await chooseLanguage(page, 'Türkçe', 'English');
    await openIn(page, 'English', 'home');
    await expect(page.getByRole('definition').first()).toHaveText(totalBalance(app, 'English'));
    await expect
      .poll(async () => app.app.dispatch('preferences.get', undefined))
      .toMatchObject({ ok: true, value: { language: 'en' } });
    // Applied in the window as it is: it was never loaded again.
    expect(loads).toEqual([]);
  });

  test('what is typed into a form stays while the language changes', async ({ signedInApp: { page } }) => {
    // The field is found by its name in the language shown, read from the catalogues as the app reads it.
    const clientId = (shown: LanguageName) => {
      const text = textIn(catalogueOf[shown]);
      return page
        .getByRole('region', { name: text('environments.title') })
        .getByRole('textbox', { name: text('environments.field.clientId') });
    };
    await openIn(page, 'English', 'settings');
    const section = page.getByRole('region', { name: 'Sign-in environment' });
    await section.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Custom' });
    await clientId('English').fill('typed-before-the-switch');

    await chooseLanguage(page, 'English', 'Deutsch');
    await expect(clientId('Deutsch')).toHaveValue('typed-before-the-switch');
    await chooseLanguage(page, 'Deutsch', 'Türkçe');
    await expect(clientId('Türkçe')).toHaveValue('typed-before-the-switch');
  });
});

// axe-core's WCAG 2.1 AA rules hold in every language (lang attributes, names, contrast with longer words).
for (const shown of ['Deutsch', 'Türkçe'] as const) {
  test.describe(`accessibility in ${shown}`, { tag: OWN_APP }, () => {
    test('Home and Settings pass axe', async ({ signedInApp: { page } }) => {
      await openIn(page, 'English', 'settings');
      await chooseLanguage(page, 'English', shown);
      await settled(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await openIn(page, shown, 'home');
      await settled(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
}
