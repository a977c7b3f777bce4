import type { Page } from '@playwright/test';
import { resolveLanguage, type Language } from '../../resources/locales/languages';
import { accessibilityViolations } from './support/accessibility';
import { expect, OWN_APP, test } from './support/fixtures';
import { settled } from './support/settled';
import { chooseLanguage, openScreenIn, screens, textIn } from './support/shown-language';

/**
 * axe-core's WCAG 2.1 AA rules hold in every language, not only in English (accessibility.spec.ts): every
 * screen and Merchant tab, the sign-in and the lock screen in German and in Turkish, with the page's lang
 * attribute naming the language the texts are in (a screen reader picks its voice by it), longer words keeping
 * their names, and their contrast.
 */
const languages = ['de', 'tr'] as const satisfies readonly Language[];

/** The page's lang attribute for `language`: the locale its texts, numbers and dates are written in. */
const langOf = (language: Language): string => resolveLanguage(language, ['en-US']).locale;

/** axe-core's findings once the page has settled, after checking that the page says which language it is in. */
async function violations(page: Page, language: Language): Promise<string[]> {
  await expect(page.locator('html')).toHaveAttribute('lang', langOf(language));
  await settled(page);
  return accessibilityViolations(page);
}

/** Every tab of the Merchant screen, judged with its panel shown; each finding names its tab. */
async function merchantTabViolations(page: Page, language: Language): Promise<string[]> {
  const tabs = page.getByRole('main').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const found: string[] = [];
  for (let index = 0; index < (await tabs.count()); index += 1) {
    const tab = tabs.nth(index);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    const name = (await tab.textContent()) ?? String(index);
    found.push(...(await violations(page, language)).map((violation) => `${name}: ${violation}`));
  }
  return found;
}

for (const language of languages) {
  test.describe(`accessibility (axe-core, WCAG 2.1 AA) of every screen in ${language}`, () => {
    test.use({ appOptions: { username: 'alice', afterSignIn: async (app) => chooseLanguage(app, language) } });

    for (const screen of screens) {
      test(screen, async ({ signedInApp: { page } }) => {
        await openScreenIn(page, language, screen);
        const found =
          screen === 'merchant' ? await merchantTabViolations(page, language) : await violations(page, language);
        expect(found).toEqual([]);
      });
    }
  });

  test.describe(`accessibility of the screens without a top bar in ${language}`, { tag: OWN_APP }, () => {
    test.use({ appOptions: { username: 'alice', afterSignIn: async (app) => chooseLanguage(app, language) } });

    test('the sign-in screen', async ({ sandbox, launchApp }) => {
      const { page } = await launchApp({ sandbox, language });
      await expect(page.locator('#sign-in-title')).toBeVisible();
      await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
      expect(await violations(page, language)).toEqual([]);
    });

    test('the lock screen', async ({ signedInApp: { page } }) => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: textIn(language)('shell.topBar.lock') })
        .click();
      await expect(page.locator('#lock-title')).toBeVisible();
      expect(await violations(page, language)).toEqual([]);
    });
  });
}
