import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../resources/locales/catalogues', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../resources/locales/catalogues')>();
  return {
    ...actual,
    loadCatalogue: (name: string) =>
      name === 'en' ? Promise.resolve(actual.english) : Promise.reject(new Error('The catalogue did not load.')),
  };
});

describe("the window's language when a catalogue cannot load (text.ts)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts numbers and `lang` back with the English words after the launch paint had put them in German', async () => {
    const root = { lang: '' };
    vi.stubGlobal('document', { documentElement: root });
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    vi.resetModules();
    const launch = await import('../../../../src-renderer/src/i18n/launch-text');
    const text = await import('../../../../src-renderer/src/i18n/text');
    const locale = await import('../../../../src-renderer/src/format/display-locale');

    // As launch-paint.ts does with the tag it returns.
    root.lang = launch.applyLaunchLanguage('de');
    expect([locale.displayLocale, root.lang]).toEqual(['de-DE', 'de-DE']);

    await expect(text.applyLanguage('de')).rejects.toThrow('The catalogue did not load.');
    expect([locale.displayLocale, root.lang]).toEqual(['en-US', 'en-US']);
  });
});
