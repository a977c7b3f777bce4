import type { Page } from '@playwright/test';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import type { MessageId } from '../../../resources/locales/catalogues';
import { createFormatter, type MessageValues } from '../../../resources/locales/formatter';
import { resolveLanguage, type CatalogueName } from '../../../resources/locales/languages';
import { screens, screenTitles, type ScreenId } from '../../../src-renderer/src/stores/navigation-store';
import { expect } from './fixtures';
import type { SignedInApp } from './signed-in-app';

export { screens, type ScreenId };

/**
 * What a window in `language` reads for a catalogue message: a story in German or in the pseudo-locale finds
 * the frame's controls by the words shown, read from the same catalogues as the app, so it follows a changed
 * wording without being edited.
 */
export function textIn(language: CatalogueName): (id: MessageId, values?: MessageValues) => string {
  const formatter = createFormatter(resolveLanguage(language, ['en-US']).locale, catalogueNow(language));
  return (id, values) => formatter.text(id, values);
}

/**
 * Opens a screen from the main navigation in `language`, as a user does, and waits until it is drawn: its
 * navigation entry marked current and its heading (`<screen>-title`, whatever words it has) shown.
 */
export async function openScreenIn(page: Page, language: CatalogueName, screen: ScreenId): Promise<void> {
  const shown = textIn(language);
  const entry = page
    .getByRole('navigation', { name: shown('shell.nav') })
    .getByRole('button', { name: shown(screenTitles[screen]), exact: true });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main').locator(`h2#${screen}-title`)).toBeVisible();
}

/**
 * Chooses `language` for the signed-in window through the bridge, as Settings › Language does (the
 * pseudo-locale is not offered there), and waits until the frame reads it. Stories sign in in English first:
 * the provider's page then reads as the sign-in helper expects.
 */
export async function chooseLanguage(app: SignedInApp, language: CatalogueName): Promise<void> {
  const chosen = await app.app.dispatch('preferences.update', { language });
  if (!chosen.ok) throw new Error(`could not choose ${language}: ${chosen.error.message}`);
  await expect(app.page.getByRole('navigation', { name: textIn(language)('shell.nav') })).toBeVisible();
}
