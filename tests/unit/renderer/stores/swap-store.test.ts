import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwapQuote, SwapReview } from '../../../../src-preload/contract/swap';
import type { Result } from '../../../../src-preload/result';

const later = '2099-01-01T00:00:00.000Z';
const past = '2000-01-01T00:00:00.000Z';
const quote = (quoteId: string, change: Partial<SwapQuote> = {}): SwapQuote => ({
  quoteId,
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum',
  amount: '0.1',
  isUsdInput: false,
  cryptoAmount: '0.1',
  toAmount: '2.5',
  rate: '25',
  expiresAt: later,
  validForSeconds: 30,
  ...change,
});
const reviewOf = (from: SwapQuote, intentId: string): SwapReview => ({
  ...from,
  intentId,
  referenceId: `ref-${intentId}`,
});
const form = { fromSymbol: 'BTC', fromNetwork: 'Bitcoin', toSymbol: 'ETH', toNetwork: 'Ethereum', amount: '0.1' };

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

/** The swap bridge as main answers: quotes in turn from `quotes`, each confirmation a review of its quote. */
function installBridge(quotes: SwapQuote[]) {
  let next = 0;
  const swap = {
    symbols: vi.fn(() => ok({ pairs: [], balances: [], wallets: [] })),
    quote: vi.fn(() => ok(quotes[Math.min(next++, quotes.length - 1)] as SwapQuote)),
    confirm: vi.fn((input: { quoteId: string }) => {
      const quoted = quotes.find((q) => q.quoteId === input.quoteId) ?? quote(input.quoteId);
      return ok(reviewOf(quoted, `intent-${input.quoteId}`));
    }),
    cancel: vi.fn(() => ok(null)),
    execute: vi.fn(),
    status: vi.fn(),
    reconcile: vi.fn(),
    unresolved: vi.fn(() => ok([])),
    closed: vi.fn(() => ok([])),
  };
  vi.stubGlobal('window', { wallet: { swap, money: { settleRound: vi.fn() } } });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { swap };
}

async function loadStore() {
  vi.resetModules();
  return import('../../../../src-renderer/src/stores/swap-store');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('swap store: the quote', () => {
  it('asks for no quote until the form is complete, with an amount above zero', async () => {
    const { swap } = installBridge([quote('q1')]);
    const { useSwapStore } = await loadStore();
    useSwapStore.getState().edit({ ...form, amount: '0' });
    await useSwapStore.getState().refreshQuote();
    useSwapStore.getState().edit({ amount: '0.1', toNetwork: '' });
    await useSwapStore.getState().refreshQuote();
    expect(swap.quote).not.toHaveBeenCalled();
    expect(useSwapStore.getState().quote).toBeNull();

    useSwapStore.getState().edit({ toNetwork: 'Ethereum', amount: ' 0.1 ' });
    await useSwapStore.getState().refreshQuote();
    expect(swap.quote).toHaveBeenCalledWith({ ...form, isUsdInput: false, amount: '0.1' });
    expect(useSwapStore.getState().quote).toEqual(quote('q1'));
  });

  it('drops a quote answered for input that has changed since', async () => {
    const { swap } = installBridge([quote('q1')]);
    let answer: (value: Result<SwapQuote>) => void = () => undefined;
    swap.quote.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { useSwapStore } = await loadStore();
    useSwapStore.getState().edit(form);
    const quoting = useSwapStore.getState().refreshQuote();
    useSwapStore.getState().edit({ amount: '0.2' });
    answer({ ok: true, value: quote('q1') });
    await quoting;
    expect(useSwapStore.getState()).toMatchObject({ quote: null, quoting: false });
  });

  it('names only the figures that differ between two quotes, whatever their trailing zeros', async () => {
    installBridge([]);
    const { quoteChanges } = await loadStore();
    const before = quote('q1');
    const after = quote('q2', { cryptoAmount: '0.10', toAmount: '2.4', rate: '24.000' });
    expect(quoteChanges(before, after)).toEqual([
      { what: 'You receive', before: '2.5', after: '2.4', code: 'ETH' },
      { what: 'Rate', before: '25', after: '24.000', code: 'ETH' },
    ]);
  });
});

describe('swap store: confirmation and review', () => {
  async function quoted(quotes: SwapQuote[]) {
    const bridge = installBridge(quotes);
    const store = await loadStore();
    store.useSwapStore.getState().edit(form);
    await store.useSwapStore.getState().refreshQuote();
    return { ...bridge, ...store };
  }

  it('confirms the quote on screen and shows its review', async () => {
    const { swap, useSwapStore } = await quoted([quote('q1')]);
    await useSwapStore.getState().confirm();
    expect(swap.confirm).toHaveBeenCalledWith({ quoteId: 'q1' });
    expect(useSwapStore.getState()).toMatchObject({ step: 'review', review: reviewOf(quote('q1'), 'intent-q1') });
  });

  it('an expired quote is fetched again before it is confirmed', async () => {
    const { swap, useSwapStore } = await quoted([quote('q1', { expiresAt: past }), quote('q2')]);
    await useSwapStore.getState().confirm();
    expect(swap.quote).toHaveBeenCalledTimes(2);
    expect(swap.confirm).toHaveBeenCalledWith({ quoteId: 'q2' });
    expect(useSwapStore.getState().review?.quoteId).toBe('q2');
  });

  it('a quote main no longer holds is replaced by a fresh one, and nothing is confirmed with the old', async () => {
    const { swap, useSwapStore } = await quoted([quote('q1'), quote('q2')]);
    swap.confirm.mockImplementationOnce(() =>
      Promise.resolve({ ok: false, error: { code: 'stale_precheck', message: 'The quote expired.' } }),
    );
    await useSwapStore.getState().confirm();
    expect(swap.confirm).toHaveBeenCalledTimes(1);
    expect(useSwapStore.getState()).toMatchObject({
      step: 'form',
      review: null,
      confirming: false,
      quote: quote('q2'),
    });
  });

  it('Back gives up the reviewed swap in main, so it can never be sent later', async () => {
    const { swap, useSwapStore } = await quoted([quote('q1'), quote('q2')]);
    await useSwapStore.getState().confirm();
    useSwapStore.getState().back();
    expect(swap.cancel).toHaveBeenCalledWith({ intentId: 'intent-q1' });
    expect(useSwapStore.getState()).toMatchObject({ step: 'form', review: null });
    await vi.waitFor(() => expect(useSwapStore.getState().quote).toEqual(quote('q2')));
  });

  it('sending an expired review sends nothing: the swap is given up and a fresh quote is confirmed to be read', async () => {
    const { swap, useSwapStore } = await quoted([quote('q1'), quote('q2')]);
    await useSwapStore.getState().confirm();
    useSwapStore.setState({ review: reviewOf(quote('q1', { expiresAt: past }), 'intent-q1') });

    await useSwapStore.getState().execute('123456');

    expect(swap.execute).not.toHaveBeenCalled();
    expect(swap.cancel).toHaveBeenCalledWith({ intentId: 'intent-q1' });
    expect(useSwapStore.getState()).toMatchObject({ step: 'review', submitting: false });
    expect(useSwapStore.getState().review?.quoteId).toBe('q2');
    expect(useSwapStore.getState().notice).toMatch(/^The quote expired, so a new one was fetched\./);
  });

  it('a new form keeps the symbols and no acknowledgement of the last one', async () => {
    const { useSwapStore } = await quoted([quote('q1')]);
    await useSwapStore.getState().loadSymbols();
    useSwapStore.setState({ acknowledged: ['intent-x'] });
    useSwapStore.getState().startOver();
    expect(useSwapStore.getState()).toMatchObject({
      symbols: { pairs: [], balances: [], wallets: [] },
      acknowledged: [],
      quote: null,
    });
    expect(useSwapStore.getState().form.amount).toBe('');
  });
});
