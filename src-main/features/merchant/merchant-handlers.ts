import type { Handlers } from '../../dispatch';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { settingsJournal } from '../../settings/unresolved-intents';
import { checkCallbackBody } from './callback-check';
import { balanceRows } from './merchant-balances';
import { createMerchantDeposits } from './merchant-deposits';
import { createMerchantKeys } from './merchant-keys';
import { createMerchantVerification } from './merchant-verification';
import { createMerchantWithdraw } from './merchant-withdraw';

export interface MerchantDeps {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly logger: Logger;
  readonly localSandboxPort?: number;
  /** Tests may route requests through a proxy; the app uses the global fetch. */
  readonly fetch?: typeof fetch;
}

type MerchantHandlers = Pick<Handlers, Extract<keyof Handlers, `merchant.${string}`>>;

export interface MerchantFeature {
  readonly handlers: MerchantHandlers;
  /** Verified withdrawal addresses, for the send form's look-alike warning (security: address poisoning). */
  readonly verifiedAddresses: () => Promise<readonly string[]>;
}

/** The merchant treasury (Interface B): its slice of the bridge and what other features may ask of it. */
export function createMerchantFeature(deps: MerchantDeps): MerchantFeature {
  const keys = createMerchantKeys(deps);
  const verification = createMerchantVerification(keys);
  const withdraw = createMerchantWithdraw(keys, settingsJournal(deps.settings, 'withdraw', deps.logger));
  const deposits = createMerchantDeposits(keys);

  const handlers: MerchantHandlers = {
    'merchant.getSettings': () => keys.overview(),
    'merchant.setEnvironment': ({ environment }) => keys.setEnvironment(environment),
    'merchant.setApiUrl': ({ environment, apiUrl }) => keys.setApiUrl(environment, apiUrl),
    'merchant.setAllowUnverified': async ({ allow }) => {
      await keys.updateMerchant((current) => ({ ...current, allowUnverified: allow }));
      deps.logger.info('merchant allow-unverified-addresses changed', { allow });
      return keys.overview();
    },
    'merchant.saveKeys': ({ environment, publicKey, secretKey }) => keys.save(environment, publicKey, secretKey),
    'merchant.deleteKeys': ({ environment }) => keys.remove(environment),
    'merchant.testConnection': async () => {
      const connection = await keys.connect();
      await connection.client.balances();
      return { message: `Connected to ${connection.origin}: the merchant API accepted these keys.` };
    },
    'merchant.balances': async () => balanceRows(await (await keys.connect()).client.balances()),
    'merchant.verifiedList': ({ referenceId }) => verification.verifiedList(referenceId),
    'merchant.verifyStart': (input) => verification.start(input),
    'merchant.verifyPending': () => verification.list(),
    'merchant.verifyConfirm': ({ id, amount }) => verification.confirm(id, amount),
    'merchant.verifyRestart': ({ id }) => verification.restart(id),
    'merchant.verifyDiscard': ({ id }) => verification.discard(id),
    'merchant.withdrawConfirm': (input) => withdraw.confirm(input),
    'merchant.withdrawSubmit': ({ intentId, tfaCode }) => withdraw.submit(intentId, tfaCode),
    'merchant.withdrawCheckStatus': ({ intentId, tfaCode }) => withdraw.checkStatus(intentId, tfaCode),
    'merchant.withdrawGet': ({ intentId }) => withdraw.get(intentId),
    'merchant.withdrawUnresolved': () => withdraw.unresolved(),
    'merchant.depositCreate': (input) => deposits.create(input),
    'merchant.depositGet': (input) => deposits.get(input),
    'merchant.callbackCheck': async ({ body }) => checkCallbackBody(body, await keys.activeSecret()),
  };
  return { handlers, verifiedAddresses: () => verification.knownVerifiedAddresses() };
}

export function createMerchantHandlers(deps: MerchantDeps): MerchantHandlers {
  return createMerchantFeature(deps).handlers;
}
