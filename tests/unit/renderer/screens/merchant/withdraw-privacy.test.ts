import { createElement, createRef, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnresolvedWithdrawal } from '../../../../../src-preload/contract/withdraw';
import { withdrawReview as review } from '../../../support/withdraw-fixtures';

/** An earlier withdrawal of 0.02 ETH whose outcome is unknown, as main lists it. */
const earlier = { ...review, intentId: '0d6e3c1a-8f2b-4a5c-9e7d-3b1a2c4d5e6f', merchantTransactionId: 'INV-0' };
const unknown: UnresolvedWithdrawal = {
  review: earlier,
  status: {
    intentId: earlier.intentId,
    referenceId: earlier.merchantTransactionId,
    state: 'unknown',
    outcome: null,
    error: null,
    canRetry: false,
    confirmedAt: null,
  },
  accountName: null,
};

/** The warning above a new withdrawal, with its box, and the review's facts, as the window renders them. */
async function renderWarningAndReview(privacyMode: boolean): Promise<string> {
  vi.resetModules();
  vi.stubGlobal('window', { wallet: { on: () => () => undefined } });
  vi.stubGlobal('navigator', { language: 'en-US' });
  // A server render reads only a store's initial state, so the hook answers from these preferences instead.
  vi.doMock('../../../../../src-renderer/src/stores/app-store', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../../../../src-renderer/src/stores/app-store')>()),
    useAppStore: <T>(selector: (state: { preferences: { privacyMode: boolean } }) => T): T =>
      selector({ preferences: { privacyMode } }),
  }));
  const { UnsettledAcknowledgement } =
    await import('../../../../../src-renderer/src/screens/merchant/unresolved-withdrawals');
  const { WithdrawalDetails, WithdrawalFacts } =
    await import('../../../../../src-renderer/src/screens/merchant/withdraw-facts');
  return renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      createElement(UnsettledAcknowledgement, {
        warningId: 'warning',
        unsettled: [unknown],
        action: 'new',
        checked: false,
        onChange: () => undefined,
        boxRef: createRef<HTMLInputElement>(),
      }),
      createElement(WithdrawalFacts, { intent: review }),
      createElement(WithdrawalDetails, { intent: review }),
    ),
  );
}

afterEach(() => {
  vi.doUnmock('../../../../../src-renderer/src/stores/app-store');
  vi.unstubAllGlobals();
});

describe('the withdrawal warning and review in privacy mode', () => {
  it('mask every amount, in the warning, its box and the facts, and show them once privacy mode is off', async () => {
    const hidden = await renderWarningAndReview(true);
    expect(hidden).toContain('merchant transaction id INV-0');
    expect(hidden).toContain('••••• ETH (ETH on Ethereum Mainnet) to 0x529084…E4169EE7');
    expect(hidden).not.toContain('0.02');

    const shown = await renderWarningAndReview(false);
    expect(shown).toContain(
      'I understand the earlier withdrawal of 0.02 ETH (ETH on Ethereum Mainnet) to 0x529084…E4169EE7 (merchant transaction id INV-0) may have gone through: start a new one anyway',
    );
    expect(shown).toContain(`0.02 ETH (ETH on Ethereum Mainnet) to ${review.address}`);
  });
});
