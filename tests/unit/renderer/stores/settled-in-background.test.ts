import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettledMove } from '../../../../src-preload/contract/settle';
import type { SendOutcome, SendReview, SendStatus } from '../../../../src-preload/contract/send';

const review: SendReview = {
  intentId: '3a1f6c2e-5b4d-4e8f-9a7b-1c2d3e4f5a6b',
  referenceId: 'ref-1',
  code: 'BTC',
  network: 'Bitcoin',
  destination: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  addressChecked: true,
  amount: '0.0009',
  amountUsd: '45',
  feeRate: 1,
  fee: '0.00001',
  feeSymbol: 'BTC',
  feeUsd: '0.5',
  totalUsd: '45.5',
  arrivalEstimation: 'about an hour',
  description: null,
  poisoningWarning: null,
};
const outcome: SendOutcome = { referenceId: 'ref-1', txId: 'tx-1', explorerUrl: null, status: 'Completed' };
const status = (state: SendStatus['state']): SendStatus => ({
  intentId: review.intentId,
  referenceId: review.referenceId,
  state,
  outcome: state === 'succeeded' ? outcome : null,
  error: null,
  canRetry: false,
  confirmedAt: null,
});

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

/** The bridge as main answers. */
function installBridge(sendState: { state: SendStatus['state'] }) {
  const wallet = {
    send: {
      execute: vi.fn(() =>
        Promise.resolve({ ok: false as const, error: { code: 'outcome_unknown', message: 'It may have moved.' } }),
      ),
      status: vi.fn(() => ok(status(sendState.state))),
      reconcile: vi.fn(),
      unresolved: vi.fn(() => ok([])),
      closed: vi.fn(() => ok([])),
    },
    money: { settleRound: vi.fn(() => ok({ settled: [], remaining: 1, unread: 0 })) },
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { wallet };
}

async function loadStores() {
  vi.resetModules();
  const { useSendStore } = await import('../../../../src-renderer/src/stores/send-store');
  const { useSettleStore } = await import('../../../../src-renderer/src/stores/settle-store');
  // What the app-wide settle round hands on from main's money.settled event.
  const { announceSettled } = await import('../../../../src-renderer/src/stores/settled-events');
  return { useSendStore, useSettleStore, settled: (moves: SettledMove[]) => announceSettled(moves) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('moves a settle round settled', () => {
  it('a send on its "outcome unknown" page shows its result when main says a round settled it, without Check status', async () => {
    const main = { state: 'unknown' as SendStatus['state'] };
    const bridge = installBridge(main);
    const { useSendStore, settled } = await loadStores();
    useSendStore.getState().resume(review);
    expect(useSendStore.getState().step).toBe('unknown');

    // Another kind's move, or another send: nothing changes here.
    settled([{ kind: 'swap', intentId: review.intentId }]);
    settled([{ kind: 'send', intentId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }]);
    await vi.waitFor(() => expect(bridge.wallet.send.unresolved).toHaveBeenCalledTimes(1));
    expect(useSendStore.getState().step).toBe('unknown');

    main.state = 'succeeded';
    settled([{ kind: 'send', intentId: review.intentId }]);
    await vi.waitFor(() => expect(useSendStore.getState().step).toBe('result'));
    expect(useSendStore.getState().outcome).toEqual(outcome);
    expect(bridge.wallet.send.reconcile).not.toHaveBeenCalled();
    expect(bridge.wallet.send.unresolved).toHaveBeenCalledTimes(2);
  });

  it('a send that ends unknown starts the rounds again', async () => {
    const bridge = installBridge({ state: 'unknown' });
    const { useSendStore, useSettleStore } = await loadStores();
    useSettleStore.setState({ remaining: 0 });
    useSendStore.setState({ review, step: 'review' });
    await useSendStore.getState().execute('123456');
    expect(bridge.wallet.send.execute).toHaveBeenCalledTimes(1);
    expect(useSendStore.getState().step).toBe('unknown');
    expect(useSettleStore.getState().remaining).toBeNull();
  });
});
