import type { Locator } from '@playwright/test';
import type { CatalogueName } from '../../resources/locales/languages';
import { expect, test } from './support/fixtures';
import { judgeLayout } from './support/layout-judge';
import { chooseLanguage, textIn } from './support/shown-language';

/**
 * The top bar's account select at 800x600, the smallest window the app supports: the chosen account's name
 * and role ("Alice Trading Ltd (MerchantAdmin)", longer in other languages) did not fit beside Privacy mode,
 * Lock now and Sign out, and was cut mid-letter with no way to read the rest. A select cut short must end in
 * an ellipsis and give the whole name as its tooltip; its value (the option) gives it to assistive tech.
 * The layout judge skips form fields (they scroll their own value), so this measures the select itself.
 */
const size = { width: 800, height: 600 } as const;

interface AccountShown {
  readonly chosen: string;
  readonly title: string;
  readonly cut: boolean;
  readonly ellipsis: boolean;
  readonly left: number;
  readonly right: number;
}

/** The chosen option's text, whether the select is narrower than that text needs, and how it says so. */
async function accountShown(select: Locator): Promise<AccountShown> {
  return select.evaluate((element: HTMLSelectElement) => {
    const chosen = element.selectedOptions[0]?.text ?? '';
    // The width the select takes to show the chosen text whole: a copy beside it (the same rules give it
    // the same font and padding) holding only that option, free of the row's limits.
    const copy = element.cloneNode(false) as HTMLSelectElement;
    copy.removeAttribute('id');
    copy.append(new Option(chosen));
    copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none; flex: none;';
    element.after(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    const box = element.getBoundingClientRect();
    return {
      chosen,
      title: element.title,
      cut: box.width < needed - 1,
      ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
      left: box.left,
      right: box.right,
    };
  });
}

test.use({ appOptions: { username: 'alice', afterSignIn: (app) => app.page.setViewportSize(size) } });

test.describe('the top bar’s account select at 800 x 600', () => {
  for (const language of ['en', 'de', 'pseudo'] as const satisfies readonly CatalogueName[]) {
    test(`in ${language}: the chosen account is inside the window, cut only with an ellipsis and its whole name as tooltip`, async ({
      signedInApp,
    }) => {
      await chooseLanguage(signedInApp, language);
      const { page } = signedInApp;
      const shown = textIn(language);
      const select = page.getByRole('banner').getByRole('combobox', { name: shown('shell.topBar.account') });
      const chosenGuid = await select.inputValue();
      const account = signedInApp.user.accounts.find((candidate) => candidate.guid === chosenGuid);
      if (!account) throw new Error(`the chosen account ${chosenGuid} is not one of alice’s`);
      // For assistive tech: the option chosen, with the whole name.
      await expect(select.getByRole('option', { name: account.name, selected: true })).toHaveCount(1);

      const seen = await accountShown(select);
      expect(seen.chosen).toContain(account.name);
      expect(seen.title, 'the tooltip gives the whole chosen account').toBe(seen.chosen);
      if (seen.cut) expect(seen.ellipsis, `"${seen.chosen}" is cut without an ellipsis`).toBe(true);
      expect(seen.left).toBeGreaterThanOrEqual(0);
      expect(seen.right).toBeLessThanOrEqual(size.width);
      expect(await judgeLayout(page, size, 'top-bar-account', { folder: `800x600-${language}` })).toEqual([]);
    });
  }
});
