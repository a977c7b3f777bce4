import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, type OperationName } from '../../../src-preload/contract';
import {
  confirmWithdrawal,
  ETH_ADDRESS,
  MEMBER,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// security.md 30: every merchant operation needs an unlocked, signed-in session;
// saved keys belong to the user who saved them; money-moving merchant operations need a money-moving role.

/** An intent id main never handed out: valid input, so only the session can refuse the call. */
const SOME_INTENT = '0f6d2c4e-8a1b-4c3d-9e5f-7a6b5c4d3e2f';

/** One call of every merchant operation (merchant.* and withdraw.*), with valid input, so only the session can refuse it. */
function everyOperation(machine: MerchantMachine): Array<[OperationName, unknown]> {
  return [
    ['merchant.getSettings', undefined],
    ['merchant.setEnvironment', { environment: 'local-sandbox' }],
    ['merchant.setApiUrl', { environment: 'custom', apiUrl: 'https://api.example.com' }],
    ['merchant.setAllowUnverified', { allow: false }],
    ['merchant.setAssetForm', { environment: 'local-sandbox', assetForm: 'network-code' }],
    [
      'merchant.saveKeys',
      { environment: 'local-sandbox', publicKey: machine.merchant.publicKey, secretKey: machine.merchant.secretKey },
    ],
    ['merchant.deleteKeys', { environment: 'custom' }],
    ['merchant.signingGenerate', { environment: 'custom' }],
    ['merchant.signingImport', { environment: 'custom', privateKeyPem: 'not a key' }],
    ['merchant.signingSetEnabled', { environment: 'custom', enabled: false }],
    ['merchant.signingRemove', { environment: 'custom' }],
    ['merchant.testConnection', undefined],
    ['merchant.balances', undefined],
    ['merchant.verifiedList', { referenceId: MEMBER }],
    ['merchant.verifyStart', { referenceId: MEMBER, code: 'ETH', address: ETH_ADDRESS, label: 'x' }],
    ['merchant.verifyPending', undefined],
    ['merchant.verifyConfirm', { id: 'some-id', amount: '0.1' }],
    ['merchant.verifyRestart', { id: 'some-id' }],
    ['merchant.verifyDiscard', { id: 'some-id' }],
    [
      'withdraw.confirm',
      {
        formId: crypto.randomUUID(),
        referenceId: MEMBER,
        code: 'ETH',
        address: ETH_ADDRESS,
        amount: '0.001',
        label: '',
        email: machine.merchant.email,
      },
    ],
    ['withdraw.execute', { intentId: SOME_INTENT, tfaCode: '123456' }],
    ['withdraw.reconcile', { intentId: SOME_INTENT }],
    ['withdraw.status', { intentId: SOME_INTENT }],
    ['withdraw.unresolved', undefined],
    ['withdraw.close', { intentIds: [SOME_INTENT], warning: 'It may still have moved money.', confirmed: true }],
    ['withdraw.closed', undefined],
    ['merchant.depositCreate', { code: 'BTC', label: 'x', referenceId: 'r', callbackUrl: 'https://shop.example/cb' }],
    ['merchant.depositGet', { memberId: MEMBER, code: 'BTC' }],
    ['merchant.callbackCheck', { body: '{}' }],
  ];
}

describe('treasury access (security.md 30)', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  let aliceGuid: string;

  beforeAll(async () => {
    machine = await startMerchantMachine();
    aliceGuid = machine.userOf('alice').userGuid;
    app = await machine.launch();
    await app.signIn('alice');
    await setUpTreasury(machine, app);
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('keys are saved under the user who saved them, in settings and in the keychain name', async () => {
    const settings = JSON.parse(await readFile(join(machine.dir, 'settings.json'), 'utf8')) as {
      merchant: { keys: object; keysByUser: Record<string, Record<string, { publicKey: string }>> };
    };
    expect(settings.merchant.keys).toEqual({});
    expect(settings.merchant.keysByUser[aliceGuid]?.['local-sandbox']?.publicKey).toBe(machine.merchant.publicKey);
    expect(await machine.secrets.get(`merchant-secret:${aliceGuid}:local-sandbox:${machine.merchant.publicKey}`)).toBe(
      machine.merchant.secretKey,
    );
    expect(await machine.secrets.get(`merchant-secret:local-sandbox:${machine.merchant.publicKey}`)).toBeNull();
  });

  it('while locked, every merchant operation is refused and nothing reaches the merchant API', async () => {
    const sentBefore = machine.withdrawRequests.length;
    const withdrawalsBefore = machine.sandbox.movements().length;
    await app.value('session.lock');
    // Every one: an operation added to either namespace without a session check would be missed otherwise.
    expect(new Set(everyOperation(machine).map(([name]) => name))).toEqual(
      new Set(operationNames.filter((name) => name.startsWith('merchant.') || name.startsWith('withdraw.'))),
    );
    for (const [operation, input] of everyOperation(machine)) {
      const error = await app.failure(operation, input);
      expect(error.code, operation).toBe('locked');
    }
    expect(machine.withdrawRequests.length).toBe(sentBefore);
    expect(machine.sandbox.movements().length).toBe(withdrawalsBefore);
  });

  it('a withdrawal confirmed before the account changed cannot be sent after it: review it again', async () => {
    const restarted = await machine.launch();
    await restarted.signIn('alice');
    const intent = await confirmWithdrawal(restarted, machine, '0.001');
    const northwind = machine.userOf('alice').accounts.find((account) => account.name === 'Northwind Payments');
    await restarted.value('session.switchAccount', { accountGuid: northwind?.guid });
    const error = await restarted.failure('withdraw.execute', {
      intentId: intent.intentId,
      tfaCode: await machine.nextCode(),
    });
    expect(error.code).toBe('stale_precheck');
    expect(machine.sent(intent.merchantTransactionId)).toBe(0);
    await restarted.close();
  });

  it('after sign-out every merchant operation is refused', async () => {
    await app.value('session.signOut');
    for (const [operation, input] of everyOperation(machine)) {
      const error = await app.failure(operation, input);
      expect(error.code, operation).toBe('not_signed_in');
    }
  });

  it("a Viewer signed in after the administrator neither sees nor uses the administrator's keys", async () => {
    await app.signIn('bob');
    const overview = await app.value<{ environments: Array<{ publicKey: string | null; secretKey: string }> }>(
      'merchant.getSettings',
    );
    for (const environment of overview.environments) {
      expect(environment).toMatchObject({ publicKey: null, secretKey: 'missing' });
    }
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'not_configured' });
    expect(await app.failure('merchant.verifiedList', { referenceId: MEMBER })).toMatchObject({
      code: 'not_configured',
    });
    expect(await app.failure('merchant.callbackCheck', { body: '{}' })).toMatchObject({ code: 'not_configured' });

    // The finding: a Viewer withdrew with the administrator's saved keys.
    const sentBefore = machine.withdrawRequests.length;
    const withdrawal = await app.failure('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.001',
      label: '',
      email: machine.merchant.email,
    });
    expect(withdrawal).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/balances only/) });
    expect(machine.withdrawRequests.length).toBe(sentBefore);
  });

  it('a role that may not move money cannot save keys, verify addresses, withdraw or create deposit addresses', async () => {
    for (const [operation, input] of everyOperation(machine).filter(([name]) =>
      [
        'merchant.saveKeys',
        'merchant.signingGenerate',
        'merchant.signingImport',
        'merchant.signingSetEnabled',
        'merchant.verifyStart',
        'merchant.verifyConfirm',
        'withdraw.confirm',
        'withdraw.execute',
        'withdraw.close',
        'merchant.depositCreate',
        'merchant.setAllowUnverified',
        'merchant.setAssetForm',
        'merchant.setApiUrl',
      ].includes(name),
    )) {
      expect(await app.failure(operation, input), operation).toMatchObject({ code: 'forbidden' });
    }
    await app.value('session.signOut');
  });

  it('the administrator gets their own keys back on signing in again', async () => {
    await app.signIn('alice');
    const overview = await app.value<{ environment: string; environments: Array<Record<string, unknown>> }>(
      'merchant.getSettings',
    );
    expect(overview.environments.find((environment) => environment.id === 'local-sandbox')).toMatchObject({
      publicKey: machine.merchant.publicKey,
      secretKey: 'set',
    });
    expect(await app.value<unknown[]>('merchant.balances')).toHaveLength(12);
  });
});

describe('keys saved before keys had owners (migration)', () => {
  let machine: MerchantMachine;

  beforeAll(async () => {
    machine = await startMerchantMachine();
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('are nobody’s: not shown, not used, their keychain entry deleted; the user enters the secret again', async () => {
    // settings.json and keychain as an earlier version left them: a binding with no owner.
    const first = await machine.launch();
    await first.close();
    const path = join(machine.dir, 'settings.json');
    const earlier = JSON.parse(await readFile(path, 'utf8').catch(() => '{"version":1}')) as Record<string, unknown>;
    const origin = machine.sandbox.origin;
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        environment: 'local-sandbox',
        environments: {},
        preferences: { privacyMode: false, idleLockMinutes: 15 },
        activeAccountByUser: {},
        ...earlier,
        merchant: {
          environment: 'local-sandbox',
          apiUrls: {},
          keys: { 'local-sandbox': { publicKey: machine.merchant.publicKey, boundOrigin: origin } },
          pendingVerifications: [],
          allowUnverified: false,
          lastReferenceId: MEMBER,
        },
      }),
    );
    await machine.secrets.set(
      `merchant-secret:local-sandbox:${machine.merchant.publicKey}`,
      machine.merchant.secretKey,
    );

    const app = await machine.launch();
    await app.signIn('carol');
    const overview = await app.value<{ environments: Array<{ publicKey: string | null; secretKey: string }> }>(
      'merchant.getSettings',
    );
    for (const environment of overview.environments) {
      expect(environment).toMatchObject({ publicKey: null, secretKey: 'missing' });
    }
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'not_configured' });
    expect(await machine.secrets.get(`merchant-secret:local-sandbox:${machine.merchant.publicKey}`)).toBeNull();
    const settings = JSON.parse(await readFile(path, 'utf8')) as { merchant: { keys: object } };
    expect(settings.merchant.keys).toEqual({});
  });
});

// The money-moving role was once checked in whichever account was active, so a
// Viewer of the merchant's company who administers another account switched to it and withdrew with keys
// saved earlier. Keys now belong to the account active when they were saved, are shown and used only while
// it is active, and the role that counts is the one in that account.
describe('saved keys belong to the account that was active when they were saved', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  const accountNamed = (name: RegExp) => {
    const account = machine.userOf('alice').accounts.find((candidate) => name.test(candidate.name));
    if (!account) throw new Error(`alice has no account matching ${String(name)}`);
    return account;
  };
  const localKeys = async () =>
    (
      await app.value<{ environments: Array<{ id: string; publicKey: string | null; secretKey: string }> }>(
        'merchant.getSettings',
      )
    ).environments.find((environment) => environment.id === 'local-sandbox');
  const withdrawInput = () => ({
    formId: crypto.randomUUID(),
    referenceId: MEMBER,
    code: 'ETH',
    address: ETH_ADDRESS,
    amount: '0.001',
    label: '',
    email: machine.merchant.email,
  });

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile: 'strict' });
    app = await machine.launch();
    await app.signIn('alice');
    await app.value('session.switchAccount', { accountGuid: accountNamed(/Trading/).guid });
    await setUpTreasury(machine, app);
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('records the account with the binding', async () => {
    const settings = JSON.parse(await readFile(join(machine.dir, 'settings.json'), 'utf8')) as {
      merchant: { keysByUser: Record<string, Record<string, { accountGuid?: string }>> };
    };
    const aliceGuid = machine.userOf('alice').userGuid;
    expect(settings.merchant.keysByUser[aliceGuid]?.['local-sandbox']?.accountGuid).toBe(accountNamed(/Trading/).guid);
  });

  it('are neither shown nor used in another account of the same user', async () => {
    await app.value('session.switchAccount', { accountGuid: accountNamed(/Liddell/).guid });
    expect(await localKeys()).toMatchObject({ publicKey: null, secretKey: 'missing' });
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'not_configured' });
    expect(await app.failure('withdraw.confirm', withdrawInput())).toMatchObject({ code: 'not_configured' });
    await app.value('session.switchAccount', { accountGuid: accountNamed(/Trading/).guid });
    expect(await localKeys()).toMatchObject({ publicKey: machine.merchant.publicKey, secretKey: 'set' });
  });

  it('a user demoted to Viewer in that account cannot withdraw there, nor from an account they administer', async () => {
    const sentBefore = machine.withdrawRequests.length;
    const movedBefore = machine.sandbox.movements().length;
    machine.accountRoles[accountNamed(/Trading/).guid] = 'Viewer';
    await app.value('session.signOut');
    await app.signIn('alice');
    await app.value('session.switchAccount', { accountGuid: accountNamed(/Trading/).guid });
    expect(await app.failure('withdraw.confirm', withdrawInput())).toMatchObject({ code: 'forbidden' });

    await app.value('session.switchAccount', { accountGuid: accountNamed(/Liddell/).guid });
    expect(await app.failure('withdraw.confirm', withdrawInput())).toMatchObject({ code: 'not_configured' });
    expect(await app.failure('merchant.callbackCheck', { body: '{}' })).toMatchObject({ code: 'not_configured' });
    expect(machine.withdrawRequests.length).toBe(sentBefore);
    expect(machine.sandbox.movements().length).toBe(movedBefore);
  });

  it('bindings saved before accounts were recorded belong to no account: not shown, not used, secret deleted', async () => {
    await app.close();
    const path = join(machine.dir, 'settings.json');
    const aliceGuid = machine.userOf('alice').userGuid;
    const settings = JSON.parse(await readFile(path, 'utf8')) as {
      merchant: { keysByUser: Record<string, Record<string, Record<string, unknown>>> };
    };
    const binding = settings.merchant.keysByUser[aliceGuid]?.['local-sandbox'];
    if (!binding) throw new Error('the binding is gone');
    delete binding.accountGuid;
    await writeFile(path, JSON.stringify(settings));
    delete machine.accountRoles[accountNamed(/Trading/).guid];

    app = await machine.launch();
    await app.signIn('alice');
    await app.value('session.switchAccount', { accountGuid: accountNamed(/Trading/).guid });
    expect(await localKeys()).toMatchObject({ publicKey: null, secretKey: 'missing' });
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'not_configured' });
    expect(
      await machine.secrets.get(`merchant-secret:${aliceGuid}:local-sandbox:${machine.merchant.publicKey}`),
    ).toBeNull();
  });
});
