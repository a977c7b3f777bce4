import Decimal from 'decimal.js';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { AppError } from '../../../src-main/app-error';
import { createInterfaceBClient, type InterfaceBClient } from '../../../src-main/service/interface-b';
import { callbackSignature } from '../../../src-main/service/interface-b-hashes';
import { createRecordingLogger } from '../../unit/support/recording-logger';

type Merchant = ReturnType<RunningSandbox['info']>['merchants'][number];

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('Interface B client against the sandbox', () => {
  let sandbox: RunningSandbox;
  let merchant: Merchant;
  let other: Merchant;
  const logger = createRecordingLogger();
  let client: InterfaceBClient;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    [merchant, other] = sandbox.info().merchants as [Merchant, Merchant];
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(() => {
    client = createInterfaceBClient({
      apiUrl: sandbox.apiUrl,
      publicKey: merchant.publicKey,
      secretKey: merchant.secretKey,
      logger,
    });
  });

  it('reads the twelve balances', async () => {
    const balances = await client.balances();
    expect(Object.keys(balances)).toHaveLength(12);
    expect(balances.btcBalance).toBeGreaterThan(0);
  });

  it('explains an unknown public key and a wrong secret key plainly, without echoing the secret', async () => {
    const unknownKey = createInterfaceBClient({
      apiUrl: sandbox.apiUrl,
      publicKey: 'pk_sbx_nobody',
      secretKey: merchant.secretKey,
    });
    const z200 = await refusal(unknownKey.balances());
    expect(z200.code).toBe('invalid_credentials');
    expect(z200.message).toMatch(/does not know this public key/);

    const wrongSecret = createInterfaceBClient({
      apiUrl: sandbox.apiUrl,
      publicKey: merchant.publicKey,
      secretKey: 'sk_sbx_wrong_secret_value',
    });
    const z503 = await refusal(wrongSecret.balances());
    expect(z503.code).toBe('invalid_credentials');
    expect(z503.message).toMatch(/secret key was refused/);
    expect(z503.message).not.toContain('sk_sbx_wrong_secret_value');
  });

  it('keys of two different merchants are refused as a wrong secret (Z503), explained plainly', async () => {
    const mixed = createInterfaceBClient({
      apiUrl: sandbox.apiUrl,
      publicKey: merchant.publicKey,
      secretKey: other.secretKey,
    });
    const error = await refusal(mixed.balances());
    expect(error.code).toBe('invalid_credentials');
    expect(error.message).not.toContain(other.secretKey);
  });

  it('a body hash made with another merchant secret is Z800, explained as keys that do not match', async () => {
    // The header carries this merchant's secret (a proxy swaps it in) while the hash was made with the other
    // merchant's: exactly the case the service can only see as a wrong body hash.
    const swapHeader: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'X-Api-Key': merchant.secretKey },
      });
    const mixed = createInterfaceBClient({
      apiUrl: sandbox.apiUrl,
      publicKey: merchant.publicKey,
      secretKey: other.secretKey,
      fetch: swapHeader,
    });
    const error = await refusal(
      mixed.verifyStart({ ReferenceId: 'ref-1', Symbol: 'ETH', NetworkId: 3, Address: ETH_ADDRESS, Label: 'x' }),
    );
    expect(error.code).toBe('invalid_hash');
    expect(error.message).toMatch(/keys don't match this merchant/);
  });

  it('verifies an address with the exact amount, and says no to a wrong one', async () => {
    const started = await client.verifyStart({
      ReferenceId: 'member-7',
      Symbol: 'ETH',
      NetworkId: 3,
      Address: ETH_ADDRESS,
      Label: 'Cold wallet',
    });
    const sent = new Decimal(String(started.amount));
    const wrong = await client.verifyConfirmAmount({
      ReferenceId: 'member-7',
      Symbol: 'ETH',
      NetworkId: 3,
      Amount: sent.plus('0.00000001').toFixed(),
    });
    expect(wrong.isVerified).toBe(false);
    const right = await client.verifyConfirmAmount({
      ReferenceId: 'member-7',
      Symbol: 'ETH',
      NetworkId: 3,
      Amount: sent.toFixed(),
    });
    expect(right.isVerified).toBe(true);
    const verified = await client.withdrawableAssets('member-7');
    expect(verified).toContainEqual(expect.objectContaining({ symbol: 'ETH', networkId: 3, address: ETH_ADDRESS }));
  });

  it('withdraws once for a merchant transaction id, however often it is sent', async () => {
    const before = new Decimal(String((await client.balances()).ethBalance));
    const request = {
      ReferenceId: 'wd-1',
      Amount: '0.015',
      Symbol: 'ETH',
      NetworkId: 3,
      Address: ETH_ADDRESS,
      Label: 'payout',
      MerchantTransactionId: 'mtx-1',
      Email: merchant.email,
    };
    const first = await client.withdraw(request, generateSync({ secret: merchant.totpSecret }));
    expect(first.success).toBe(true);
    const again = await client.withdraw(request, '000000');
    expect(again.txId).toBe(first.txId);
    const after = new Decimal(String((await client.balances()).ethBalance));
    expect(before.minus(after).toFixed()).toBe('0.015');
  });

  it('a refused withdrawal (wrong e-mail) is a definite bad_input, not an unknown outcome', async () => {
    const error = await refusal(
      client.withdraw(
        {
          ReferenceId: 'wd-2',
          Amount: '0.01',
          Symbol: 'ETH',
          NetworkId: 3,
          Address: ETH_ADDRESS,
          Label: '',
          MerchantTransactionId: 'mtx-2',
          Email: 'someone@else.example',
        },
        '123456',
      ),
    );
    expect(error.code).toBe('bad_input');
    expect(error.message).toMatch(/no money moved/);
  });

  it('commit then drop: the withdrawal is outcome_unknown, and re-sending the same request finds it without a second debit', async () => {
    const before = new Decimal(String((await client.balances()).ethBalance));
    const request = {
      ReferenceId: 'wd-3',
      Amount: '0.02',
      Symbol: 'ETH',
      NetworkId: 3,
      Address: ETH_ADDRESS,
      Label: '',
      MerchantTransactionId: 'mtx-3',
      Email: merchant.email,
    };
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    // The next time step (inside the ±1 window): the previous one may be the step an earlier test used, when
    // a step boundary passed between them, and a used code is refused.
    const error = await refusal(
      client.withdraw(request, generateSync({ secret: merchant.totpSecret, epoch: Date.now() / 1000 + 30 })),
    );
    expect(error.code).toBe('outcome_unknown');
    const found = await client.withdraw(request, '111111');
    expect(found.success).toBe(true);
    const after = new Decimal(String((await client.balances()).ethBalance));
    expect(before.minus(after).toFixed()).toBe('0.02');
  });

  it('a rate limit is rate_limited with a wait; an unknown symbol is invalid_symbol', async () => {
    sandbox.faults.set({ rateLimitNext: 1 });
    expect((await refusal(client.balances())).code).toBe('rate_limited');
    expect((await refusal(client.getDepositAddress({ MemberId: 'm', Symbol: 'DOGE' }))).code).toBe('invalid_symbol');
  });

  it('creates and gets a deposit address', async () => {
    const created = await client.createDepositAddress({
      Symbol: 'BTC',
      Label: 'Invoice 9',
      ReferenceId: 'member-9',
      CallbackUrl: 'https://merchant.example/callback',
      Amount: '0.5',
      Currency: 'USD',
    });
    expect(created.minAmounts?.length).toBeGreaterThan(0);
    const got = await client.getDepositAddress({ MemberId: 'member-9', Symbol: 'BTC' });
    expect(got.address).toBe(created.wallet);
  });

  it('never writes the secret key to the log', () => {
    expect(logger.text()).not.toContain(merchant.secretKey);
    expect(logger.text()).not.toContain(other.secretKey);
    expect(callbackSignature('s', 'H')).toMatch(/^[0-9A-F]{32}$/);
  });
});
