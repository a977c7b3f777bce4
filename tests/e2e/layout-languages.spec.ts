import type { Page } from '@playwright/test';
import type { CatalogueName } from '../../resources/locales/languages';
import { expect, OWN_APP, test } from './support/fixtures';
import { judgeLayout } from './support/layout-judge';
import { chooseLanguage, openScreenIn, screens, textIn } from './support/shown-language';

/**
 * Layout holds in every language: at 800x600, the smallest window the app supports, every screen in German
 * (the longest of its languages) and in the pseudo-locale (every text 40 % longer, between ⟦ ⟧) passes the
 * same checks as in English (layout.spec.ts): nothing outside the window, nothing cut off by a box that clips
 * it, no text hidden behind an ellipsis without a title giving all of it, and no sideways scroll.
 */
const size = { width: 800, height: 600 } as const;
const languages = ['de', 'pseudo'] as const satisfies readonly CatalogueName[];

/** Every tab of the Merchant screen, each judged with its panel shown. */
async function judgeMerchantTabs(page: Page, language: CatalogueName): Promise<string[]> {
  const tabs = page.getByRole('main').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const problems: string[] = [];
  for (let index = 0; index < (await tabs.count()); index += 1) {
    const tab = tabs.nth(index);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    const name = `merchant-${(await tab.getAttribute('id')) ?? index}`;
    problems.push(...(await judgeLayout(page, size, name, { folder: `800x600-${language}` })));
  }
  return problems;
}

for (const language of languages) {
  const shown = textIn(language);

  test.describe(`every screen in ${language} at 800 x 600`, () => {
    test.use({
      appOptions: {
        username: 'alice',
        afterSignIn: async (app) => {
          await app.page.setViewportSize(size);
          await chooseLanguage(app, language);
        },
      },
    });

    for (const screen of screens) {
      test(screen, async ({ signedInApp: { page } }) => {
        await openScreenIn(page, language, screen);
        const problems =
          screen === 'merchant'
            ? await judgeMerchantTabs(page, language)
            : await judgeLayout(page, size, screen, { folder: `800x600-${language}` });
        expect(problems).toEqual([]);
      });
    }
  });

  test.describe(`the screens without a top bar in ${language} at 800 x 600`, { tag: OWN_APP }, () => {
    test.use({ appOptions: { username: 'alice', afterSignIn: async (app) => chooseLanguage(app, language) } });

    test('the sign-in screen', async ({ sandbox, launchApp }) => {
      const { page } = await launchApp({ sandbox, language });
      await page.setViewportSize(size);
      await expect(page.locator('#sign-in-title')).toBeVisible();
      await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
      expect(await judgeLayout(page, size, 'sign-in', { topBar: false, folder: `800x600-${language}` })).toEqual([]);
    });

    test('the lock screen', async ({ signedInApp: { page } }) => {
      await page.setViewportSize(size);
      await page
        .getByRole('banner')
        .getByRole('button', { name: shown('shell.topBar.lock') })
        .click();
      await expect(page.locator('#lock-title')).toBeVisible();
      expect(await judgeLayout(page, size, 'lock', { topBar: false, folder: `800x600-${language}` })).toEqual([]);
    });
  });
}
