import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendAsset, SendPrecheck, SendReview } from '../../../../src-preload/contract/send';
import type { Result } from '../../../../src-preload/result';

const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const precheck = (change: Partial<SendPrecheck> = {}): SendPrecheck => ({
  precheckId: 'precheck-1',
  code: 'BTC',
  network: 'Bitcoin',
  address,
  addressChecked: true,
  amount: '0.001',
  isMax: false,
  priceUsd: '50000',
  amountUsd: '50',
  availableBalance: '0.5',
  feeOptions: [],
  poisoningWarning: null,
  expiresAt: '2026-11-26T10:10:00.000Z',
  ...change,
});
const review: SendReview = {
  intentId: '3a1f6c2e-5b4d-4e8f-9a7b-1c2d3e4f5a6b',
  referenceId: 'ref-1',
  code: 'BTC',
  network: 'Bitcoin',
  destination: address,
  addressChecked: true,
  amount: '0.001',
  amountUsd: '50',
  feeRate: 1,
  fee: '0.00001',
  feeSymbol: 'BTC',
  feeUsd: '0.5',
  totalUsd: '50.5',
  arrivalEstimation: 'about an hour',
  description: null,
  poisoningWarning: null,
};
const btc = { code: 'BTC', priceUsd: '50000' } as SendAsset;

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

/** The send bridge as main answers; each precheck waits until the test answers it. */
function installBridge() {
  const prechecks: ((value: Result<SendPrecheck>) => void)[] = [];
  const send = {
    assets: vi.fn(() => ok([btc])),
    precheck: vi.fn(() => new Promise<Result<SendPrecheck>>((resolve) => prechecks.push(resolve))),
    confirm: vi.fn(() => ok(review)),
    unresolved: vi.fn(() => ok([])),
    closed: vi.fn(() => ok([])),
  };
  vi.stubGlobal('window', { wallet: { send, money: { settleRound: vi.fn() } } });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { send, answerPrecheck: (index: number, value: SendPrecheck) => prechecks[index]?.({ ok: true, value }) };
}

async function loadStore() {
  vi.resetModules();
  const { useSendStore } = await import('../../../../src-renderer/src/stores/send-store');
  const { resetSessionStores } = await import('../../../../src-renderer/src/stores/session-reset');
  return { useSendStore, resetSessionStores };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('send store: the form and its precheck', () => {
  it('asks for an asset before anything is checked with main', async () => {
    const { send } = installBridge();
    const { useSendStore } = await loadStore();
    await useSendStore.getState().check();
    expect(send.precheck).not.toHaveBeenCalled();
    expect(useSendStore.getState().precheckError).toMatchObject({ code: 'bad_input', field: 'code' });
  });

  it('shows the address and amount main checked, not the ones typed', async () => {
    const { send, answerPrecheck } = installBridge();
    const { useSendStore } = await loadStore();
    useSendStore.getState().edit({ code: 'BTC', address: address.toUpperCase(), amount: ' 0.001 ' });
    const checking = useSendStore.getState().check();
    expect(useSendStore.getState().prechecking).toBe(true);
    answerPrecheck(0, precheck());
    await checking;

    expect(send.precheck).toHaveBeenCalledWith({ code: 'BTC', address: address.toUpperCase(), amount: '0.001' });
    expect(useSendStore.getState()).toMatchObject({ prechecking: false, precheck: precheck() });
    expect(useSendStore.getState().form).toMatchObject({ address, amount: '0.001', isMax: false });
  });

  it('drops a precheck answered for input that has changed since', async () => {
    const { answerPrecheck } = installBridge();
    const { useSendStore } = await loadStore();
    useSendStore.getState().edit({ code: 'BTC', address, amount: '0.001' });
    const checking = useSendStore.getState().check();
    useSendStore.getState().edit({ amount: '0.002' });
    answerPrecheck(0, precheck());
    await checking;
    expect(useSendStore.getState()).toMatchObject({ precheck: null, prechecking: false });
    expect(useSendStore.getState().form.amount).toBe('0.002');
  });

  it('a change of address or amount drops the precheck; a description does not (security.md 25)', async () => {
    const { answerPrecheck } = installBridge();
    const { useSendStore } = await loadStore();
    useSendStore.getState().edit({ code: 'BTC', address, amount: '0.001' });
    const checking = useSendStore.getState().check();
    answerPrecheck(0, precheck());
    await checking;

    useSendStore.getState().edit({ description: 'Rent' });
    expect(useSendStore.getState().precheck).toEqual(precheck());
    useSendStore.getState().edit({ address: 'bc1qsomewhereelse' });
    expect(useSendStore.getState().precheck).toBeNull();
  });

  it('Max is asked of main with the chosen fee, and asked again when the fee changes', async () => {
    const { send, answerPrecheck } = installBridge();
    const { useSendStore } = await loadStore();
    useSendStore.getState().edit({ code: 'BTC', address });
    const max = useSendStore.getState().chooseMax();
    answerPrecheck(0, precheck({ amount: '0.49', isMax: true }));
    await max;
    expect(useSendStore.getState().form).toMatchObject({ amount: '0.49', isMax: true, entry: 'crypto' });

    useSendStore.getState().chooseFee(2);
    expect(send.precheck).toHaveBeenLastCalledWith({ code: 'BTC', address, amount: 'max', maxFeeRate: 2 });
  });

  it('an amount typed in USD sends its crypto value at the wallet price', async () => {
    installBridge();
    const { useSendStore } = await loadStore();
    await useSendStore.getState().loadAssets();
    useSendStore.getState().edit({ code: 'BTC', entry: 'usd', usdAmount: '100' });
    expect(useSendStore.getState().form).toMatchObject({ entry: 'usd', usdAmount: '100', amount: '0.002' });
  });
});

describe('send store: confirmation', () => {
  async function prechecked() {
    const bridge = installBridge();
    const stores = await loadStore();
    stores.useSendStore.getState().edit({ code: 'BTC', address, amount: '0.001', description: '  Rent  ' });
    const checking = stores.useSendStore.getState().check();
    bridge.answerPrecheck(0, precheck());
    await checking;
    return { ...bridge, ...stores };
  }

  it('confirms the checked precheck with the fee and trimmed description, and shows the review', async () => {
    const { send, useSendStore } = await prechecked();
    await useSendStore.getState().confirm();
    expect(send.confirm).toHaveBeenCalledWith({ precheckId: 'precheck-1', feeRate: 1, description: 'Rent' });
    expect(useSendStore.getState()).toMatchObject({ step: 'review', review, confirming: false });
  });

  it('an expired precheck is dropped, to be checked again with the same input', async () => {
    const { send, useSendStore } = await prechecked();
    send.confirm.mockImplementation(() =>
      Promise.resolve({ ok: false, error: { code: 'stale_precheck', message: 'The fees are out of date.' } }),
    );
    await useSendStore.getState().confirm();
    expect(useSendStore.getState()).toMatchObject({ step: 'form', precheck: null, confirming: false });
    expect(useSendStore.getState().confirmError?.code).toBe('stale_precheck');
    expect(useSendStore.getState().form.amount).toBe('0.001');
  });

  it('Back leaves the review and its precheck; a session change empties the form', async () => {
    const { useSendStore, resetSessionStores } = await prechecked();
    await useSendStore.getState().confirm();
    useSendStore.getState().back();
    expect(useSendStore.getState()).toMatchObject({ step: 'form', review: null, precheck: null });
    expect(useSendStore.getState().form.address).toBe(address);

    resetSessionStores();
    expect(useSendStore.getState().form).toMatchObject({ code: '', address: '', amount: '', description: '' });
  });
});
