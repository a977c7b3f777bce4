import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the window language (src/i18n/text.ts)', () => {
  it('makes no Intl formatter while the first script is evaluated, only when a text is first asked for', async () => {
    // The page's first Intl calls load ICU's data: the launch paint's time, not the bundle's evaluation.
    const numberLocales = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dateLocales = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const text = await import('../../../../src-renderer/src/i18n/text');
    expect(numberLocales).not.toHaveBeenCalled();
    expect(dateLocales).not.toHaveBeenCalled();
    expect(text.t('common.tryAgain')).toBe('Try again');
    expect(numberLocales).toHaveBeenCalled();
  });

  it('writes the chosen language once it is applied, made when its first text is asked for', async () => {
    const text = await import('../../../../src-renderer/src/i18n/text');
    expect(text.t('common.tryAgain')).toBe('Try again');
    await expect(text.applyLanguage('de')).resolves.toBe('loaded');
    const numberLocales = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    expect(text.t('common.tryAgain')).toBe('Erneut versuchen');
    expect(numberLocales).toHaveBeenCalled();
    await expect(text.applyLanguage('en')).resolves.toBe('at-hand');
    expect(text.t('common.tryAgain')).toBe('Try again');
  });
});
