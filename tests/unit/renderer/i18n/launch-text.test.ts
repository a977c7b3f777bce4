import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../../../resources/locales/catalogues';
import { createFormatter } from '../../../../resources/locales/formatter';
import type { CatalogueName } from '../../../../resources/locales/languages';
import { LAUNCH_MESSAGE_IDS } from '../../../../src-renderer/src/i18n/launch-messages';

/** A tag made into something that is not text, as the paint makes a <time> element. */
const time = (chunks: unknown[]) => ({ tag: 'time', chunks });

/** Every branch the launch messages' selects take, with arguments of every kind the paint passes. */
const valueSets = [
  { refreshing: 'true', when: '23.11.2026, 10:00', unit: 'second', count: 0, time },
  { refreshing: 'false', when: 'Nov 23, 2026, 9:00 AM', unit: 'minute', count: 5, time },
  { refreshing: 'true', when: '', unit: 'hour', count: 12, time },
];

async function launchTextIn(preference: 'en' | 'de' | 'tr' | 'pseudo') {
  vi.resetModules();
  const text = await import('../../../../src-renderer/src/i18n/launch-text');
  text.applyLaunchLanguage(preference);
  return text;
}

describe("the launch paint's words (launch-text.ts), written without FormatJS", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(['en', 'de', 'tr', 'pseudo'] as const)(
    'are, in %s, what the app writes for every launch message: the same texts, the same tags around them',
    async (language) => {
      const launch = await launchTextIn(language);
      const app = createFormatter('en-US', await loadCatalogue(language as CatalogueName));
      for (const id of LAUNCH_MESSAGE_IDS)
        for (const values of valueSets)
          expect(launch.launchParts(id, values), `${id} ${JSON.stringify(values)}`).toEqual(app.parts(id, values));
      expect(launch.launchText('home.wallets.table')).toBe(app.text('home.wallets.table'));
    },
  );

  it("writes in the preferred language, numbers in its locale, and names the page's lang", async () => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    vi.resetModules();
    const launch = await import('../../../../src-renderer/src/i18n/launch-text');
    expect(launch.applyLaunchLanguage('de')).toBe('de-DE');
    const { displayLocale } = await import('../../../../src-renderer/src/format/display-locale');
    expect(launch.launchText('home.wallets.amount')).toBe('Betrag');
    expect(displayLocale).toBe('de-DE');
    expect(launch.applyLaunchLanguage('tr')).toBe('tr-TR');
    expect(launch.launchText('home.wallets.amount')).toBe('Miktar');
  });

  it('resolves the language against the locales it is given, as main does for the view it serves', async () => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    const launch = await launchTextIn('en');
    expect(launch.applyLaunchLanguage('system', ['de-CH'])).toBe('de-CH');
    expect(launch.launchText('home.wallets.amount')).toBe('Betrag');
    expect(launch.applyLaunchLanguage('en', ['de-CH'])).toBe('en');
  });

  it('keeps a parsed message as the build left it: a tag with no function to make it is refused', async () => {
    const launch = await launchTextIn('en');
    expect(() => launch.launchParts('home.lastKnown.restoring', { when: 'now' })).toThrow(/<time>/);
  });
});
