import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWalletApi } from '../../../src-preload/bridge';
import { contractNames } from '../../../src-preload/contract';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The window's bridge over a preload whose calls get `answer`, or no answer at all. */
async function windowBridge(answer: 'none' | { ok: true; value: unknown }) {
  const invoke = vi.fn(() =>
    answer === 'none' ? Promise.reject(new Error('IPC torn down')) : Promise.resolve(answer),
  );
  const on = vi.fn(() => () => undefined);
  vi.stubGlobal('window', { wallet: createWalletApi({ invoke, subscribe: on }, contractNames) });
  vi.stubGlobal('navigator', { language: 'en-US' });
  vi.resetModules();
  const { wallet } = await import('../../../src-renderer/src/bridge');
  const { applyLanguage } = await import('../../../src-renderer/src/i18n/text');
  return { wallet, applyLanguage, invoke, on };
}

describe("the window's bridge", () => {
  it.each([
    ['en', 'Wallet Desk could not complete this. Please try again.'],
    ['de', 'Wallet Desk konnte den Vorgang nicht abschließen. Bitte versuchen Sie es erneut.'],
    ['tr', 'Wallet Desk bu işlemi tamamlayamadı. Lütfen yeniden deneyin.'],
  ] as const)('%s: says a call that got no answer in the language of the window', async (language, message) => {
    const { wallet, applyLanguage } = await windowBridge('none');
    await applyLanguage(language);
    expect(await wallet.app.info()).toEqual({ ok: false, error: { code: 'internal', message } });
  });

  it('hands every other answer, the argument and the events through unchanged', async () => {
    const answer = { ok: true as const, value: { privacyMode: true } };
    const { wallet, invoke, on } = await windowBridge(answer);
    expect(await wallet.preferences.update({ privacyMode: true })).toBe(answer);
    expect(invoke).toHaveBeenCalledWith('preferences.update', { privacyMode: true });
    wallet.on('session.changed', () => undefined);
    expect(on).toHaveBeenCalledWith('session.changed', expect.any(Function));
  });
});
