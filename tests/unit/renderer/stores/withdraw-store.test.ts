import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnresolvedWithdrawal } from '../../../../src-preload/contract/withdraw';
import { withdrawInput as input, withdrawReview as review } from '../../support/withdraw-fixtures';

const unknown: UnresolvedWithdrawal = {
  review: { ...review, intentId: '0f6d2c4e-8a1b-4c3d-9e5f-7a6b5c4d3e2f', merchantTransactionId: 'INV-0' },
  status: {
    intentId: '0f6d2c4e-8a1b-4c3d-9e5f-7a6b5c4d3e2f',
    referenceId: 'INV-0',
    state: 'unknown',
    outcome: null,
    error: { code: 'outcome_unknown', message: 'The money may have moved.' },
    canRetry: false,
    confirmedAt: null,
  },
  accountName: null,
};

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

/** The bridge as main answers: a confirm answered when the test says so, one unsettled withdrawal listed. */
function installBridge() {
  let answerConfirm: (() => void) | null = null;
  const wallet = {
    withdraw: {
      confirm: vi.fn(
        () =>
          new Promise((resolve) => {
            answerConfirm = () => resolve({ ok: true, value: review });
          }),
      ),
      unresolved: vi.fn(() => ok([unknown])),
    },
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { wallet, answerConfirm: () => answerConfirm?.() };
}

async function loadStores() {
  vi.resetModules();
  const { useWithdrawStore } = await import('../../../../src-renderer/src/stores/withdraw-store');
  const { resetSessionStores } = await import('../../../../src-renderer/src/stores/session-reset');
  return { useWithdrawStore, resetSessionStores };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the withdrawal store', () => {
  it('is emptied on lock and sign-out: nothing under review, no unsettled list, no acknowledgement', async () => {
    const bridge = installBridge();
    const { useWithdrawStore, resetSessionStores } = await loadStores();
    await useWithdrawStore.getState().loadUnresolved();
    useWithdrawStore.getState().acknowledgeAll(true);
    const confirming = useWithdrawStore.getState().confirm(input);
    bridge.answerConfirm();
    expect(await confirming).toBe(true);
    expect(useWithdrawStore.getState()).toMatchObject({ step: 'review', review: { intentId: review.intentId } });
    expect(useWithdrawStore.getState().unresolved).toHaveLength(1);

    resetSessionStores();
    expect(useWithdrawStore.getState()).toMatchObject({
      step: 'form',
      review: null,
      unresolved: [],
      acknowledged: [],
      submitting: false,
      confirming: false,
      feedback: { error: null, message: null },
    });
  });

  it('drops a confirmation that answers after the lock', async () => {
    const bridge = installBridge();
    const { useWithdrawStore, resetSessionStores } = await loadStores();
    const confirming = useWithdrawStore.getState().confirm(input);
    resetSessionStores();
    bridge.answerConfirm();
    expect(await confirming).toBe(false);
    expect(useWithdrawStore.getState()).toMatchObject({ step: 'form', review: null, confirming: false });
  });

  it('one box acknowledges every unsettled withdrawal shown, and a new form asks again', async () => {
    installBridge();
    const { useWithdrawStore } = await loadStores();
    await useWithdrawStore.getState().loadUnresolved();
    expect(useWithdrawStore.getState().acknowledgedIds()).toEqual([]);
    useWithdrawStore.getState().acknowledgeAll(true);
    expect(useWithdrawStore.getState().acknowledgedIds()).toEqual([unknown.review.intentId]);
    useWithdrawStore.getState().startOver();
    expect(useWithdrawStore.getState().acknowledgedIds()).toEqual([]);
    expect(useWithdrawStore.getState().unresolved).toHaveLength(1);
  });

  it('sends the form id with every confirmation of one form, and a new one for a new form or after the lock', async () => {
    const bridge = installBridge();
    const { useWithdrawStore, resetSessionStores } = await loadStores();
    const formIds = () =>
      bridge.wallet.withdraw.confirm.mock.calls.map((call: unknown[]) => (call[0] as { formId: string }).formId);
    const first = useWithdrawStore.getState().confirm(input);
    bridge.answerConfirm();
    await first;
    useWithdrawStore.getState().startOver();
    const second = useWithdrawStore.getState().confirm(input);
    bridge.answerConfirm();
    await second;
    resetSessionStores();
    const third = useWithdrawStore.getState().confirm(input);
    bridge.answerConfirm();
    await third;
    const [a, b, c] = formIds();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([a, b, c]).size).toBe(3);
    // The form on screen keeps its id until it is left.
    expect(useWithdrawStore.getState().formId).toBe(c);
  });
});
