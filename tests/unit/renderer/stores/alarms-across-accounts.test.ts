import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoneyAlarm } from '../../../../src-preload/contract/alarms';
import type { SessionView } from '../../../../src-preload/contract/session';

const alarm: MoneyAlarm = {
  id: '7b2e4c1d-9a8f-4e3b-8c6d-5f4e3d2c1b0a',
  kind: 'send',
  referenceId: 'ref-1',
  amount: '0.0009',
  asset: 'BTC',
  destination: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  closedAt: '2026-11-26T04:00:00.000Z',
  closedBy: 'Ada',
  foundAt: '2026-11-26T04:10:00.000Z',
};

function view(status: SessionView['status'], activeAccountGuid: string): SessionView {
  return {
    status,
    user: { name: 'Ada', email: 'ada@example.test' },
    accounts: [
      { guid: 'account-a', name: 'Main', role: 'Owner', isPersonalAccount: true, canMoveMoney: true },
      { guid: 'account-b', name: 'Savings', role: 'Owner', isPersonalAccount: false, canMoveMoney: true },
    ],
    activeAccountGuid,
    keychain: 'available',
  };
}

/** Main as the window sees it: the alarm stays until dismissed, and is refused while locked. */
function installBridge(main: { locked: boolean }) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const wallet = {
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    alarms: {
      list: vi.fn(() =>
        Promise.resolve(
          main.locked
            ? { ok: false as const, error: { code: 'locked', message: 'Wallet Desk is locked. Unlock to continue.' } }
            : { ok: true as const, value: [alarm] },
        ),
      ),
      dismiss: vi.fn(),
    },
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { emit: (event: string, payload: unknown) => listeners.get(event)?.(payload), list: wallet.alarms.list };
}

async function loadStores() {
  vi.resetModules();
  const { useSessionStore } = await import('../../../../src-renderer/src/stores/session-store');
  const { useAlarmsStore } = await import('../../../../src-renderer/src/stores/alarms-store');
  return { useSessionStore, useAlarmsStore };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the alarm about a closed move that went through stays until dismissed (security.md 36)', () => {
  it('switching to another account of the same user keeps it on screen; a lock empties it', async () => {
    const main = { locked: false };
    const bridge = installBridge(main);
    const { useSessionStore, useAlarmsStore } = await loadStores();
    bridge.emit('session.changed', view('signed-in', 'account-a'));
    await useAlarmsStore.getState().load();
    expect(useAlarmsStore.getState().alarms).toEqual([alarm]);

    // An account switch empties every store of account data; the alarm is the user's, not the account's.
    bridge.emit('session.changed', view('signed-in', 'account-b'));
    await vi.waitFor(() => expect(useAlarmsStore.getState().alarms).toEqual([alarm]));
    expect(useSessionStore.getState().view?.activeAccountGuid).toBe('account-b');

    // A lock still empties it: main refuses to list it until the unlock.
    main.locked = true;
    bridge.emit('session.changed', view('locked', 'account-b'));
    await vi.waitFor(() => expect(bridge.list).toHaveBeenCalledTimes(3));
    await bridge.list.mock.results[2]?.value;
    expect(useAlarmsStore.getState().alarms).toEqual([]);
  });
});
