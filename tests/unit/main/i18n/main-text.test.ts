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
