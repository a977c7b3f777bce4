import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

interface Review {
  readonly intentId: string;
  readonly referenceId: string;
}

const review: Review = { intentId: '3a1f6c2e-5b4d-4e8f-9a7b-1c2d3e4f5a6b', referenceId: 'ref-1' };
/** The warning as it was recorded when the send was closed with privacy mode off. */
const shown =
  'The send of 0.0009 BTC to bc1qw508…kv8f3t4 that you started at Nov 26, 2026, 5:04 AM (reference ref-1) may still have moved money, and the service may show it later.';

async function renderClosed(privacyMode: boolean): Promise<string> {
  vi.resetModules();
  vi.stubGlobal('window', { wallet: { on: () => () => undefined } });
  vi.stubGlobal('navigator', { language: 'en-US' });
  // The store as the window holds it once main answered the preferences (a server render reads only a
  // store's initial state, so the hook answers from these preferences instead).
  vi.doMock('../../../../src-renderer/src/stores/app-store', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../../../src-renderer/src/stores/app-store')>()),
    useAppStore: <T>(selector: (state: { preferences: { privacyMode: boolean } }) => T): T =>
      selector({ preferences: { privacyMode } }),
  }));
  const { ClosedIntents } = await import('../../../../src-renderer/src/components/closed-intents');
  return renderToStaticMarkup(
    createElement(ClosedIntents<Review>, {
      prefix: 'send',
      title: 'Closed sends',
      closed: [{ review, accountName: null, closure: { at: '2026-11-26T05:10:00.000Z', byName: 'Ada', shown } }],
      loadClosed: () => Promise.resolve(),
      openAndCheck: () => Promise.resolve(),
      summary: () => 'a send',
      describe: () => 'send',
      referenceOf: (entry) => entry.referenceId,
    }),
  );
}

afterEach(() => {
  vi.doUnmock('../../../src-renderer/src/stores/app-store');
  vi.unstubAllGlobals();
});

describe('the list of closed moves in privacy mode', () => {
  it('never shows the amount the recorded warning names, and shows the words once privacy mode is off', async () => {
    const hidden = await renderClosed(true);
    expect(hidden).toContain('Closed as did not go through by Ada');
    expect(hidden).not.toContain('0.0009');
    expect(await renderClosed(false)).toContain(`They were shown: ${shown}`);
  });
});
