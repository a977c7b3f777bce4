import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnresolvedWithdrawal, WithdrawStatus } from '../../../../../src-preload/contract/withdraw';
import { withdrawReview as review } from '../../../support/withdraw-fixtures';

const storePath = '../../../../../src-renderer/src/stores/withdraw-store';
const appStorePath = '../../../../../src-renderer/src/stores/app-store';

function listed(merchantTransactionId: string, intentId: string, state: WithdrawStatus['state']): UnresolvedWithdrawal {
  return {
    review: { ...review, intentId, merchantTransactionId },
    status: {
      intentId,
      referenceId: merchantTransactionId,
      state,
      outcome: null,
      error: null,
      canRetry: false,
      confirmedAt: review.startedAt,
    },
    accountName: null,
  };
}

/** One withdrawal whose answer was lost, and one still being sent, as main lists them. */
const unresolved = [
  listed('INV-0', '0d6e3c1a-8f2b-4a5c-9e7d-3b1a2c4d5e6f', 'unknown'),
  listed('INV-1', '7a1f2e3d-4c5b-4a69-8d7e-6f5a4b3c2d1e', 'in-flight'),
];

/** The unsettled list as the window renders it, with the store holding `unresolved`. */
async function renderList(privacyMode: boolean): Promise<string> {
  vi.resetModules();
  vi.stubGlobal('window', { wallet: { on: () => () => undefined } });
  vi.stubGlobal('navigator', { language: 'en-US' });
  // A server render reads only a store's initial state, so the hooks answer from these states instead.
  vi.doMock(appStorePath, async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../../../../src-renderer/src/stores/app-store')>()),
    useAppStore: <T>(selector: (state: { preferences: { privacyMode: boolean } }) => T): T =>
      selector({ preferences: { privacyMode } }),
  }));
  const state = {
    unresolved,
    loadUnresolved: async () => undefined,
    close: async () => true,
    closing: false,
    closeError: null,
    checkListed: async () => undefined,
    checking: [],
  };
  vi.doMock(storePath, async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../../../../src-renderer/src/stores/withdraw-store')>()),
    useWithdrawStore: Object.assign(<T>(selector: (current: typeof state) => T): T => selector(state), {
      getState: () => state,
    }),
  }));
  const { UnresolvedWithdrawals } =
    await import('../../../../../src-renderer/src/screens/merchant/unresolved-withdrawals');
  return renderToStaticMarkup(createElement(UnresolvedWithdrawals));
}

afterEach(() => {
  vi.doUnmock(appStorePath);
  vi.doUnmock(storePath);
  vi.unstubAllGlobals();
});

describe('the unsettled withdrawal list', () => {
  it('is the list send and swap share, each entry with its facts, why it is listed and its own look-up', async () => {
    const html = await renderList(false);
    expect(html.match(/class="withdraw-unresolved-entry money-unresolved-entry"/g)).toHaveLength(2);
    expect(html).toContain('<h3 id="withdraw-unresolved-title">Withdrawals with an unknown outcome</h3>');
    // The facts name the merchant transaction id once: the shared reference line is not repeated beside them.
    const shownText = html.replace(/"[^"]*"/g, '');
    expect(shownText.match(/INV-0/g)).toHaveLength(1);
    expect(html).toContain('Still being sent: the service has not answered yet.');
    // "Check status" looks up in place, the one still being sent too; only the unknown one may be closed.
    expect(html).toContain('aria-label="Check status of INV-0"');
    expect(html).toContain('aria-label="Check status of INV-1"');
    expect(html).toContain('Close the withdrawal of 0.02 ETH (ETH on Ethereum Mainnet) to 0x529084…E4169EE7');
    expect(html).not.toMatch(/Close the withdrawal[^"]*INV-1/);
  });

  it('masks every amount in privacy mode, in the facts and the labels', async () => {
    const html = await renderList(true);
    expect(html).toContain('INV-0');
    expect(html).toContain('Close the withdrawal of ••••• ETH');
    expect(html).not.toContain('0.02');
  });
});
