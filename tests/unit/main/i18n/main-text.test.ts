import { describe, expect, it, vi } from 'vitest';

/** A main-text with only what the app holds at start (English): the unit setup's catalogues are not in it. */
async function freshMainText() {
  vi.resetModules();
  return import('../../../../src-main/i18n/main-text');
}

describe("main's language", () => {
  it('writes in English until the chosen catalogue has loaded, then in it, and says what to write again', async () => {
    const text = await freshMainText();
    text.setMainLanguage('de', []);
    expect(text.t('common.loading')).toBe('Loading');
    expect(await text.useMainLanguage('de', [])).toBe(true);
    expect(text.t('common.loading')).toBe('Wird geladen');
    expect(await text.useMainLanguage('tr', [])).toBe(false);
    expect(text.t('common.loading')).toBe('Yükleniyor');
  });
});

/** main-text over catalogues that arrive when the test says, each language on its own. */
async function mainTextWithGatedCatalogues() {
  vi.resetModules();
  const actual = await vi.importActual<typeof import('../../../../src-main/i18n/main-catalogues')>(
    '../../../../src-main/i18n/main-catalogues',
  );
  const gates = new Map<string, () => void>();
  vi.doMock('../../../../src-main/i18n/main-catalogues', () => ({
    ...actual,
    loadMainCatalogue: async (name: Parameters<typeof actual.loadMainCatalogue>[0]) => {
      await new Promise<void>((resolve) => gates.set(name, resolve));
      return actual.loadMainCatalogue(name);
    },
  }));
  const text = await import('../../../../src-main/i18n/main-text');
  vi.doUnmock('../../../../src-main/i18n/main-catalogues');
  return { text, release: (name: string) => gates.get(name)?.() };
}

describe("main's language chosen twice in quick succession", () => {
  it('is the later choice, whichever catalogue arrives last', async () => {
    const { text, release } = await mainTextWithGatedCatalogues();
    const german = text.useMainLanguage('de', []);
    const turkish = text.useMainLanguage('tr', []);
    release('tr');
    await turkish;
    release('de');
    expect(await german).toBe(false);
    expect(text.t('common.loading')).toBe('Yükleniyor');
  });
});
