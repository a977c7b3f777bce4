import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeError } from '../../../../src-preload/result';
import { withdrawInput as input, withdrawReview as review } from '../../support/withdraw-fixtures';

const mainsUnknown: BridgeError = {
  code: 'outcome_unknown',
  message: 'The service did not answer clearly: the money may have moved. Nothing will be sent again automatically.',
};
const unreadable: BridgeError = {
  code: 'service_error',
  message: 'The account history could not be read, so the status is still unknown.',
};
const notFound: BridgeError = {
  code: 'outcome_unknown',
  message:
    'Not found in the history of "Main" yet. It may still go through, so its outcome stays unknown; nothing was sent.',
};
const stale: BridgeError = {
  code: 'stale_precheck',
  message:
    'The merchant environment or keys changed after this withdrawal was confirmed. Switch back, or start a new withdrawal.',
};

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
const fail = (error: BridgeError) => Promise.resolve({ ok: false as const, error });

/** Main as the bridge answers it: execute answers with `executeError`, each look-up with the next of `lookups`. */
function installBridge(executeError: BridgeError, lookups: ReturnType<typeof fail | typeof ok>[] = []) {
  const wallet = {
    withdraw: {
      confirm: vi.fn(() => ok(review)),
      execute: vi.fn(() => fail(executeError)),
      reconcile: vi.fn(() => lookups.shift() ?? fail(unreadable)),
      status: vi.fn(() => fail(unreadable)),
      unresolved: vi.fn(() => ok([])),
    },
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return wallet;
}

async function loadStore() {
  vi.resetModules();
  const { useWithdrawStore } = await import('../../../../src-renderer/src/stores/withdraw-store');
  const { unknownOutcomeWords } = await import('../../../../src-renderer/src/screens/merchant/withdraw-words');
  return { useWithdrawStore, unknownOutcomeWords };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the withdrawal review after an unclear answer', () => {
  it('a "Check status" that fails keeps the warning that the money may have moved, and says its own failure apart', async () => {
    installBridge(mainsUnknown, [
      fail(unreadable),
      ok({ lookup: 'not_found', status: { state: 'unknown', outcome: null, error: notFound } }),
    ]);
    const { useWithdrawStore, unknownOutcomeWords } = await loadStore();
    await useWithdrawStore.getState().confirm(input);
    await useWithdrawStore.getState().execute('123456');
    expect(useWithdrawStore.getState().step).toBe('unknown');
    expect(unknownOutcomeWords(useWithdrawStore.getState())).toEqual({
      explanation: mainsUnknown.message,
      lookupFailure: null,
    });

    await useWithdrawStore.getState().checkStatus();
    expect(useWithdrawStore.getState().step).toBe('unknown');
    expect(unknownOutcomeWords(useWithdrawStore.getState())).toEqual({
      explanation: mainsUnknown.message,
      lookupFailure: unreadable,
    });

    // A look-up that answers (not found) clears its failure; what it found is said as a status, the warning stays.
    await useWithdrawStore.getState().checkStatus();
    expect(unknownOutcomeWords(useWithdrawStore.getState())).toEqual({
      explanation: mainsUnknown.message,
      lookupFailure: null,
    });
    expect(useWithdrawStore.getState().feedback.message).toContain(notFound.message);
  });

  it('an unknown withdrawal opened from the list is explained in the default words, which also warn', async () => {
    installBridge(mainsUnknown);
    const { useWithdrawStore, unknownOutcomeWords } = await loadStore();
    useWithdrawStore.getState().resume(review);
    await useWithdrawStore.getState().checkStatus();
    const words = unknownOutcomeWords(useWithdrawStore.getState());
    expect(words.explanation).toMatch(/not known whether this withdrawal went through: the money may have moved/);
    expect(words.lookupFailure).toEqual(unreadable);
  });
});

describe('the withdrawal review after main says it is too old to send', () => {
  it("goes back to the form with main's words, so Withdraw is not offered again for a review that cannot be sent", async () => {
    const wallet = installBridge(stale);
    const { useWithdrawStore } = await loadStore();
    await useWithdrawStore.getState().confirm(input);
    await useWithdrawStore.getState().execute('123456');
    expect(useWithdrawStore.getState()).toMatchObject({
      step: 'form',
      review: null,
      submitting: false,
      submitError: null,
      acknowledged: [],
      feedback: { error: stale, message: null },
    });
    // Nothing is left to send: a second press sends nothing.
    await useWithdrawStore.getState().execute('123456');
    expect(wallet.withdraw.execute).toHaveBeenCalledTimes(1);
  });
});
