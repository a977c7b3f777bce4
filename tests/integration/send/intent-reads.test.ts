import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../src-preload/contract';
import type { SendPrecheck, SendReview } from '../../../src-preload/contract/send';
import type { SwapQuote, SwapReview } from '../../../src-preload/contract/swap';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';
import { startMerchantMachine, type MerchantLaunch, type MerchantMachine } from '../support/merchant-app';

/**
 * security.md 40: reads of a money move are gated like its writes. Alice's send (its outcome unknown) and
 * swap in Northwind Payments, an account Bob can see too, are refused while locked, after sign-out and to
 * Bob, with words that name nothing of them, and no list shows them to anyone but Alice.
 */
describe('reads of sends and swaps are gated: unlocked, signed in, the owner’s own', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  let send: SendReview;
  let swap: SwapReview;

  const reads = (): [OperationName, Record<string, unknown> | undefined][] => [
    ['send.status', { intentId: send.intentId }],
    ['send.reconcile', { intentId: send.intentId }],
    ['swap.status', { intentId: swap.intentId }],
    ['swap.reconcile', { intentId: swap.intentId }],
    ['swap.cancel', { intentId: swap.intentId }],
  ];
  /** Every refusal is in words that leave out the moves' references, amounts and destinations. */
  function expectNothingOf(message: string): void {
    for (const secret of [send.referenceId, send.destination, send.amount, swap.referenceId, swap.cryptoAmount]) {
      expect(message).not.toContain(secret);
    }
  }
  async function expectRefused(code: string): Promise<void> {
    for (const [operation, input] of reads()) {
      const error = await app.failure(operation, input);
      expect(error.code, operation).toBe(code);
      expectNothingOf(error.message);
    }
    for (const operation of ['send.unresolved', 'swap.unresolved'] as const) {
      expect((await app.failure(operation)).code, operation).toBe(code);
    }
  }

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile: 'strict' });
    app = await machine.launch();
    await app.signIn('alice');
    const alice = machine.sandbox.info().users.find((user) => user.username === 'alice');
    const northwind = alice?.accounts.find((account) => account.name === 'Northwind Payments');
    await app.value('session.switchAccount', { accountGuid: northwind?.guid });
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      amount: '0.00051',
    });
    send = await app.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    const code = createCodeSource(alice?.totpSecret ?? '', WIDE_TOTP_WINDOW);
    expect(await app.failure('send.execute', { intentId: send.intentId, tfaCode: await code() })).toMatchObject({
      code: 'outcome_unknown',
    });
    const quote = await app.value<SwapQuote>('swap.quote', {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      isUsdInput: false,
      amount: '0.00052',
    });
    swap = await app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: [send.intentId],
    });
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('while locked, every read of them is refused; unlocked, the owner reads them again', async () => {
    await app.value('session.lock');
    await expectRefused('locked');
    await app.value('session.unlock');
    expect(await app.value('send.status', { intentId: send.intentId })).toMatchObject({ state: 'unknown' });
    expect(await app.value('swap.status', { intentId: swap.intentId })).toMatchObject({ state: 'confirmed' });
    const listed = await app.value<{ review: SendReview }[]>('send.unresolved');
    expect(listed.map((entry) => entry.review.intentId)).toEqual([send.intentId]);
  });

  it('after sign-out, every read of them is refused', async () => {
    await app.value('session.signOut');
    await expectRefused('not_signed_in');
  });

  it('another user of the same account learns nothing of them, as of an id never made, and lists none', async () => {
    await app.signIn('bob');
    const bob = machine.sandbox.info().users.find((user) => user.username === 'bob');
    expect(bob?.accounts.map((account) => account.name)).toContain('Northwind Payments');
    const never = await app.failure('send.status', { intentId: crypto.randomUUID() });
    const historyReads = machine.sandbox.movements().length;
    for (const [operation, input] of reads()) {
      const error = await app.failure(operation, input);
      expect(error, operation).toEqual(never);
    }
    expect(await app.value('send.unresolved')).toEqual([]);
    expect(await app.value('swap.unresolved')).toEqual([]);
    expect(machine.sandbox.movements().length).toBe(historyReads);
  });
});
