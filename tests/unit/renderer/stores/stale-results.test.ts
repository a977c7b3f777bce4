import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateDepositAddressInput } from '../../../../src-preload/contract/receive';

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
const failed = (message: string) => Promise.resolve({ ok: false as const, error: { code: 'not_found', message } });

const firstDeposit = { address: 'bc1qfirstmember', code: 'BTC', network: 'Bitcoin', referenceId: 'member-1' };
const firstList = [{ code: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', label: 'Treasury' }];
const order = (referenceId: string): CreateDepositAddressInput => ({
  symbol: 'BTC',
  label: 'Order',
  referenceId,
  callbackUrl: 'https://shop.example/callback',
});
const created = { referenceId: 'order-1', address: 'bc1qcreated', code: 'BTC', paymentUri: 'bc1qcreated' };

/**
 * A bridge whose first answer to each look-up is a result and every later one a failure, as when a user
 * looks up one member and then another that the service does not know.
 */
function installBridge() {
  const firstThenFail = <T>(value: T) => {
    let calls = 0;
    return vi.fn(() => (calls++ === 0 ? ok(value) : failed('Nothing was found for this member.')));
  };
  const wallet = {
    merchant: {
      depositGet: firstThenFail(firstDeposit),
      depositCreate: vi.fn(() => failed('The service refused the callback URL.')),
      verifiedList: firstThenFail(firstList),
      callbackCheck: firstThenFail({ valid: true, summary: 'Signed with your key.' }),
    },
    receive: { createDepositAddress: firstThenFail(created) },
  };
  vi.stubGlobal('window', { wallet });
  vi.stubGlobal('navigator', { language: 'en-US' });
}

/** Fresh modules, as a new page has. */
async function loadStores() {
  vi.resetModules();
  const verification = await import('../../../../src-renderer/src/stores/merchant-verification-store');
  const deposits = await import('../../../../src-renderer/src/stores/merchant-deposit-store');
  const receive = await import('../../../../src-renderer/src/stores/receive-store');
  return {
    verification: verification.useMerchantVerificationStore,
    deposits: deposits.useMerchantDepositStore,
    receive: receive.useReceiveStore,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a later action that fails leaves no earlier result on screen', () => {
  it('a deposit-address look-up that finds nothing shows no other member’s address under its error', async () => {
    installBridge();
    const { deposits } = await loadStores();
    await deposits.getState().getDeposit({ memberId: 'member-1', code: 'BTC' });
    expect(deposits.getState().deposit).toMatchObject({ address: 'bc1qfirstmember' });

    const second = deposits.getState().getDeposit({ memberId: 'member-2', code: 'BTC' });
    // Gone as soon as the new look-up starts, not only once it fails.
    expect(deposits.getState().deposit).toBeNull();
    await second;
    expect(deposits.getState().deposit).toBeNull();
    expect(deposits.getState().feedback.deposits.error?.message).toBe('Nothing was found for this member.');
  });

  it('a deposit address that could not be created does not show the one looked up before', async () => {
    installBridge();
    const { deposits } = await loadStores();
    await deposits.getState().getDeposit({ memberId: 'member-1', code: 'BTC' });
    await deposits
      .getState()
      .createDeposit({ code: 'BTC', label: '', referenceId: '', callbackUrl: 'https://x.test/' });
    expect(deposits.getState().deposit).toBeNull();
  });

  it('a verified-address list for another reference is not shown while, or after, its look-up fails', async () => {
    installBridge();
    const { verification } = await loadStores();
    await verification.getState().loadVerified('member-1');
    expect(verification.getState().verified).toMatchObject({ referenceId: 'member-1' });

    const second = verification.getState().loadVerified('member-2');
    expect(verification.getState().verified).toBeNull();
    await second;
    expect(verification.getState().verified).toBeNull();
  });

  it('a failed refresh of the same reference’s list takes the list away with the error', async () => {
    installBridge();
    const { verification } = await loadStores();
    await verification.getState().loadVerified('member-1');
    await verification.getState().loadVerified('member-1');
    expect(verification.getState().verified).toBeNull();
    expect(verification.getState().feedback.verified.error).not.toBeNull();
  });

  it('a callback check that fails shows no verdict of the body checked before', async () => {
    installBridge();
    const { verification } = await loadStores();
    await verification.getState().checkCallback('{"first":true}', '');
    expect(verification.getState().callback).toMatchObject({ valid: true });
    await verification.getState().checkCallback('{"second":true}', '');
    expect(verification.getState().callback).toBeNull();
  });

  it('Receive: an address that could not be created does not show the one created before on its card', async () => {
    installBridge();
    const { receive } = await loadStores();
    expect(await receive.getState().create(order('order-1'))).toBe(true);
    expect(receive.getState().created).toMatchObject({ address: 'bc1qcreated' });
    expect(await receive.getState().create(order('order-2'))).toBe(false);
    expect(receive.getState().created).toBeNull();
    // The session's list still has it.
    expect(receive.getState().createdList).toHaveLength(1);
  });
});
