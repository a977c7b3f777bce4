import Decimal from 'decimal.js';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPrecheck } from '../../../src-preload/contract/send';
import { startMoneyApp, type MoneyApp } from '../support/money-app';

const VERIFIED = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

/** Same first and last characters, one character different in the middle, valid EIP-55 checksum. */
function lookalikeOf(address: string): string {
  const body = address.slice(2).toLowerCase();
  const middle = body.length / 2;
  return getAddress(`0x${body.slice(0, middle)}${body[middle] === '0' ? '1' : '0'}${body.slice(middle + 1)}`);
}

describe('the send form knows the merchant verified list', () => {
  let app: MoneyApp;
  const sentForVerification: string[] = [];
  let restoreFetch: () => void;

  beforeAll(async () => {
    app = await startMoneyApp();
    // Plays the owner of the address, who sees the small amount arrive.
    const inner = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await inner(input, init);
      if (String(input instanceof Request ? input.url : input).endsWith('/v1/verify/start')) {
        const json = (await response.clone().json()) as { data?: { amount?: number } };
        if (json.data?.amount !== undefined) sentForVerification.push(new Decimal(String(json.data.amount)).toFixed());
      }
      return response;
    };
    restoreFetch = () => (globalThis.fetch = inner);

    const merchant = app.sandbox.info().merchants[0]!;
    await app.value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: merchant.secretKey,
    });
    const pending = await app.value<{ id: string }>('merchant.verifyStart', {
      referenceId: 'treasury-1',
      code: 'ETH',
      address: VERIFIED,
      label: 'Cold wallet',
    });
    const confirmed = await app.value<{ verified: boolean }>('merchant.verifyConfirm', {
      id: pending.id,
      amount: sentForVerification.at(-1),
    });
    expect(confirmed.verified).toBe(true);
  });

  afterAll(async () => {
    restoreFetch();
    await app.close();
  });

  it('warns when the destination imitates a verified withdrawal address', async () => {
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'ETH',
      address: lookalikeOf(VERIFIED),
      amount: '0.001',
    });
    expect(precheck.poisoningWarning).toMatchObject({ lookalike: VERIFIED, source: 'verified' });
  });
});
