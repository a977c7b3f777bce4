import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultHistoryFilters, type HistoryItem, type HistoryPage } from '../../../../src-preload/contract/history';

function item(n: number, change: Partial<HistoryItem> = {}): HistoryItem {
  return {
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    network: 'Bitcoin',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    txId: `tx-${n}`,
    amount: '0.1',
    status: 'Completed',
    type: 'Deposit',
    date: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    value: '4000',
    referenceId: `ref-${n}`,
    label: '',
    merchantTransactionId: '',
    to: '',
    withdrawType: 0,
    prices: { usd: '40000', eur: '37000', gbp: '32000', try: '1300000', jpy: '6000000' },
    isAutoCollected: false,
    explorerUrl: null,
    rowKey: String(n).padStart(32, '0'),
    userLabel: '',
    ...change,
  };
}

const pageOf = (items: HistoryItem[]): HistoryPage => ({
  totalRecords: items.length,
  totalPages: 1,
  page: 1,
  recordsPerPage: 50,
  items,
});

/** The bridge as main answers: each history.page and getFilters call answered when the test says so. */
function installBridge() {
  const pages: ((page: HistoryPage) => void)[] = [];
  const filters: (() => void)[] = [];
  const wallet = {
    history: {
      getFilters: vi.fn(
        () =>
          new Promise((resolve) => {
            filters.push(() => resolve({ ok: true, value: defaultHistoryFilters() }));
          }),
      ),
      page: vi.fn(
        () =>
          new Promise((resolve) => {
            pages.push((page) => resolve({ ok: true, value: page }));
          }),
      ),
    },
    on: vi.fn(),
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { answerFilters: () => filters.shift()?.(), answerPage: (page: HistoryPage) => pages.shift()?.(page) };
}

async function loadStore() {
  vi.resetModules();
  const { useHistoryStore } = await import('../../../../src-renderer/src/stores/history-store');
  const { resetSessionStores } = await import('../../../../src-renderer/src/stores/session-reset');
  return { useHistoryStore, resetSessionStores };
}

/** Opens the screen once and lets its page arrive: the state a second visit starts from. */
async function visited(bridge: ReturnType<typeof installBridge>, items: HistoryItem[]) {
  const stores = await loadStore();
  const opening = stores.useHistoryStore.getState().init();
  bridge.answerFilters();
  await vi.waitFor(() => expect(window.wallet?.history.page).toHaveBeenCalledTimes(1));
  bridge.answerPage(pageOf(items));
  await opening;
  return stores;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the history store while History opens again', () => {
  it('is busy from the first step, before the remembered filters answer, while the old rows are still shown', async () => {
    const bridge = installBridge();
    const { useHistoryStore } = await visited(bridge, [item(1), item(2)]);
    expect(useHistoryStore.getState().loading).toBe(false);

    const reopening = useHistoryStore.getState().init();
    expect(useHistoryStore.getState()).toMatchObject({ loading: true, result: { items: [item(1), item(2)] } });
    bridge.answerFilters();
    await vi.waitFor(() => expect(window.wallet?.history.page).toHaveBeenCalledTimes(2));
    expect(useHistoryStore.getState().loading).toBe(true);
    bridge.answerPage(pageOf([item(3), item(1), item(2)]));
    await reopening;
    expect(useHistoryStore.getState().loading).toBe(false);
  });

  it('keeps a detail opened on an old row once the new page lists that record, showing its new version', async () => {
    const bridge = installBridge();
    const { useHistoryStore } = await visited(bridge, [item(1), item(2)]);
    const reopening = useHistoryStore.getState().init();
    useHistoryStore.getState().openRow(item(2).rowKey);
    bridge.answerFilters();
    await vi.waitFor(() => expect(window.wallet?.history.page).toHaveBeenCalledTimes(2));
    // A new deposit came in: the same record is now third on the page, and its status moved on.
    bridge.answerPage(pageOf([item(3), item(1), item(2, { status: 'Confirmed' })]));
    await reopening;
    expect(useHistoryStore.getState().opened).toBe(item(2).rowKey);
  });

  it('follows the record by its reference id when its key changed (a txId arrived) and it alone has that id', async () => {
    const bridge = installBridge();
    const { useHistoryStore } = await visited(bridge, [item(1), item(2, { txId: '' })]);
    const reopening = useHistoryStore.getState().init();
    useHistoryStore.getState().openRow(item(2).rowKey);
    bridge.answerFilters();
    await vi.waitFor(() => expect(window.wallet?.history.page).toHaveBeenCalledTimes(2));
    const broadcast = item(2, { txId: 'tx-2', rowKey: 'f'.repeat(32) });
    bridge.answerPage(pageOf([item(1), broadcast]));
    await reopening;
    expect(useHistoryStore.getState().opened).toBe(broadcast.rowKey);
  });

  it('closes the detail when the new page no longer lists the record, or two rows share its reference id', async () => {
    const bridge = installBridge();
    const { useHistoryStore } = await visited(bridge, [item(1), item(2)]);
    let reopening = useHistoryStore.getState().init();
    useHistoryStore.getState().openRow(item(2).rowKey);
    bridge.answerFilters();
    await vi.waitFor(() => expect(window.wallet?.history.page).toHaveBeenCalledTimes(2));
    bridge.answerPage(pageOf([item(1), item(3)]));
    await reopening;
    expect(useHistoryStore.getState().opened).toBeNull();

    useHistoryStore.getState().openRow(item(1).rowKey);
    reopening = useHistoryStore.getState().init();
    bridge.answerFilters();
    await vi.waitFor(() => expect(window.wallet?.history.page).toHaveBeenCalledTimes(3));
    const legs = [item(4, { referenceId: 'ref-1', symbol: 'BTC' }), item(5, { referenceId: 'ref-1', symbol: 'BTC' })];
    bridge.answerPage(pageOf(legs));
    await reopening;
    expect(useHistoryStore.getState().opened).toBeNull();
  });

  it('opens only a row the page shows, and forgets the open row on lock or sign-out', async () => {
    const bridge = installBridge();
    const { useHistoryStore, resetSessionStores } = await visited(bridge, [item(1)]);
    useHistoryStore.getState().openRow(item(9).rowKey);
    expect(useHistoryStore.getState().opened).toBeNull();
    useHistoryStore.getState().openRow(item(1).rowKey);
    expect(useHistoryStore.getState().opened).toBe(item(1).rowKey);
    resetSessionStores();
    expect(useHistoryStore.getState()).toMatchObject({ opened: null, loading: false, result: null });
  });
});
