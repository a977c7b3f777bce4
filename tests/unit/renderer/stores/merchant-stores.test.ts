import { afterEach, describe, expect, it, vi } from 'vitest';

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

const overview = {
  environment: 'local-sandbox',
  environments: [],
  allowUnverified: false,
  keychain: 'available',
  lastReferenceId: 'member-1',
};
const pending = {
  id: 'pending-1',
  environment: 'local-sandbox',
  referenceId: 'member-1',
  code: 'ETH',
  networkName: 'Ethereum Mainnet',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  label: 'Treasury',
  startedAt: '2026-11-24T04:00:00.000Z',
  wrongAttempts: 0,
};
const deposit = { address: 'bc1qexample', code: 'BTC', network: 'Bitcoin', referenceId: 'order-1' };

/**
 * The merchant bridge as main answers while signed in. `held` keeps one operation's answer back until the
 * test releases it, to see what a store does with an answer that arrives after a lock.
 */
function installBridge(held?: string) {
  let release: (() => void) | null = null;
  const answer = <T>(name: string, value: T) =>
    vi.fn(() =>
      name === held
        ? new Promise((resolve) => {
            release = () => resolve({ ok: true, value });
          })
        : ok(value),
    );
  const wallet = {
    merchant: {
      getSettings: answer('getSettings', overview),
      balances: answer('balances', [
        { field: 'ethBalance', asset: 'ETH', network: 'Ethereum', code: 'ETH', amount: '1' },
      ]),
      verifiedList: answer('verifiedList', [{ code: 'ETH', address: pending.address, label: 'Treasury' }]),
      verifyPending: answer('verifyPending', [pending]),
      callbackCheck: answer('callbackCheck', { valid: true, summary: 'Signed with your key.' }),
      depositGet: answer('depositGet', deposit),
    },
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
  return { release: () => release?.() };
}

/** Fresh modules, as a new page has: each store registers its reset with session-reset.ts at import. */
async function loadStores() {
  vi.resetModules();
  const keys = await import('../../../../src-renderer/src/stores/merchant-keys-store');
  const verification = await import('../../../../src-renderer/src/stores/merchant-verification-store');
  const deposits = await import('../../../../src-renderer/src/stores/merchant-deposit-store');
  const { resetSessionStores } = await import('../../../../src-renderer/src/stores/session-reset');
  return {
    keys: keys.useMerchantKeysStore,
    verification: verification.useMerchantVerificationStore,
    deposits: deposits.useMerchantDepositStore,
    resetSessionStores,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the merchant stores are emptied on lock and sign-out (resetSessionStores)', () => {
  it('keys: the overview, balances, chosen tab and feedback', async () => {
    installBridge();
    const { keys, resetSessionStores } = await loadStores();
    await keys.getState().load();
    await keys.getState().loadBalances();
    keys.getState().show('withdraw');
    expect(keys.getState()).toMatchObject({ overview: { lastReferenceId: 'member-1' }, section: 'withdraw' });
    expect(keys.getState().balances).toHaveLength(1);

    resetSessionStores();
    expect(keys.getState()).toMatchObject({ overview: null, balances: null, section: 'keys' });
    expect(keys.getState().busy.size).toBe(0);
  });

  it('verification: verified addresses, pending verifications and the callback verdict', async () => {
    installBridge();
    const { verification, resetSessionStores } = await loadStores();
    await verification.getState().loadVerified('member-1');
    await verification.getState().loadPending();
    await verification.getState().checkCallback('{}', '');
    expect(verification.getState().verified?.addresses).toHaveLength(1);
    expect(verification.getState().pending).toHaveLength(1);
    expect(verification.getState().callback).toMatchObject({ valid: true });

    resetSessionStores();
    expect(verification.getState()).toMatchObject({
      verified: null,
      pending: [],
      callback: null,
      lastVerification: null,
    });
  });

  it('deposits: the deposit address shown', async () => {
    installBridge();
    const { deposits, resetSessionStores } = await loadStores();
    await deposits.getState().getDeposit({ memberId: 'order-1', code: 'BTC' });
    expect(deposits.getState().deposit).toMatchObject({ address: 'bc1qexample' });

    resetSessionStores();
    expect(deposits.getState().deposit).toBeNull();
  });

  it.each([
    ['keys', 'getSettings'],
    ['verification', 'verifyPending'],
    ['deposits', 'depositGet'],
  ] as const)(
    '%s: an answer that arrives after the lock is dropped, and frees nothing it should not',
    async (store, held) => {
      const bridge = installBridge(held);
      const stores = await loadStores();
      const call =
        store === 'keys'
          ? stores.keys.getState().load()
          : store === 'verification'
            ? stores.verification.getState().loadPending()
            : stores.deposits.getState().getDeposit({ memberId: 'order-1', code: 'BTC' });
      expect(stores[store].getState().busy.size).toBe(1);
      stores.resetSessionStores();
      bridge.release();
      await call;
      expect(stores.keys.getState().overview).toBeNull();
      expect(stores.verification.getState().pending).toEqual([]);
      expect(stores.deposits.getState().deposit).toBeNull();
      expect(stores[store].getState().busy.size).toBe(0);
    },
  );
});

describe('a change of merchant environment', () => {
  it('drops what was read with the other keys: balances, verified list, callback verdict, deposit address', async () => {
    installBridge();
    const { keys, verification, deposits } = await loadStores();
    (window as unknown as { wallet: { merchant: Record<string, unknown> } }).wallet.merchant.setEnvironment = vi.fn(
      () => ok(overview),
    );
    await keys.getState().loadBalances();
    await verification.getState().loadVerified('member-1');
    await verification.getState().loadPending();
    await verification.getState().checkCallback('{}', '');
    await deposits.getState().getDeposit({ memberId: 'order-1', code: 'BTC' });

    await keys.getState().setEnvironment('custom');
    expect(keys.getState().balances).toBeNull();
    expect(verification.getState()).toMatchObject({ verified: null, callback: null });
    // Pending verifications carry their environment and are shown per environment; they stay.
    expect(verification.getState().pending).toHaveLength(1);
    expect(deposits.getState().deposit).toBeNull();
  });
});
