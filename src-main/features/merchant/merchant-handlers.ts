import type { Handlers } from '../../dispatch';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { findInHistory } from '../money/find-in-history';
import type { MerchantOperation } from '../money/roles';
import { checkCallbackBody } from './callback-check';
import { compareWithService, type DepositLookups } from './callback-compare';
import { balanceRows } from './merchant-balances';
import { createMerchantAccess, type MerchantActor, type MerchantSession } from './merchant-access';
import { createMerchantDeposits } from './merchant-deposits';
import { createMerchantKeys, type MerchantKeys } from './merchant-keys';
import { createMerchantVerification } from './merchant-verification';
import { t } from '../../i18n/main-text';

export interface MerchantDeps {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly logger: Logger;
  /** Who is signed in, in which account and role: every merchant operation needs it (security.md 30). */
  readonly session: MerchantSession;
  readonly localSandboxPort?: number;
  /** Tests may route requests through a proxy; the app uses the global fetch. */
  readonly fetch?: typeof fetch;
  readonly requestTimeoutMs?: number;
}

type MerchantHandlers = Pick<Handlers, Extract<keyof Handlers, `merchant.${string}`>>;

/**
 * What the withdrawals (features/withdraw) ask of the merchant treasury: its keys, and the same session
 * checks every merchant operation makes (security.md 30).
 */
export interface MerchantTreasury {
  readonly keys: MerchantKeys;
  /** An unlocked, signed-in session, with ownerless keys migrated away first. */
  signedIn(): Promise<MerchantActor>;
  /** As signedIn(), and a role that may move money: `what` says what a refused role cannot do. */
  moneyMover(operation: MerchantOperation): Promise<MerchantActor>;
  /** The signed-in user now, without waiting for a migration; throws when locked or signed out. */
  actorNow(): MerchantActor;
}

export interface MerchantFeature {
  readonly handlers: MerchantHandlers;
  /**
   * Verified withdrawal addresses of the signed-in user's merchant keys, for the send form's look-alike
   * warning (security: address poisoning). Empty without a session or keys.
   */
  readonly verifiedAddresses: () => Promise<readonly string[]>;
  /** What withdrawals need of the treasury: keys and session checks. */
  readonly treasury: MerchantTreasury;
}

/** The merchant treasury (Interface B): its slice of the bridge and what other features may ask of it. */
export function createMerchantFeature(deps: MerchantDeps): MerchantFeature {
  const keys = createMerchantKeys(deps);
  const access = createMerchantAccess(deps.session);
  const verification = createMerchantVerification(keys);
  const deposits = createMerchantDeposits(keys);

  /** Every operation: an unlocked, signed-in session, and ownerless keys migrated away first. */
  async function signedIn(): Promise<MerchantActor> {
    const actor = access.signedIn();
    await keys.migrated();
    return actor;
  }
  /** Operations that move money or decide where it may go: a money-moving role as well. */
  async function moneyMover(operation: MerchantOperation): Promise<MerchantActor> {
    const actor = access.moneyMover(operation);
    await keys.migrated();
    return actor;
  }

  /** Where a callback's deposit may be seen: any of the user's accounts' history, or the merchant API. */
  function depositLookups(userGuid: string): DepositLookups {
    return {
      async history(uniqueId) {
        for (const account of deps.session.view().accounts) {
          const item = await findInHistory(
            deps.session.interfaceAFor(account.guid),
            uniqueId,
            (candidate) => candidate.txId === uniqueId && candidate.type === 'Deposit',
          ).catch(() => null);
          if (item)
            return { amount: item.amount, address: item.address, symbol: item.symbol, accountName: account.name };
        }
        return null;
      },
      async depositAddress(referenceId, symbol) {
        return (await deposits.get(userGuid, { memberId: referenceId, code: symbol })).address;
      },
    };
  }

  const handlers: MerchantHandlers = {
    'merchant.getSettings': async () => keys.overview((await signedIn()).userGuid),
    'merchant.setEnvironment': async ({ environment }) => keys.setEnvironment((await signedIn()).userGuid, environment),
    'merchant.setApiUrl': async ({ environment, apiUrl }) =>
      keys.setApiUrl((await moneyMover('merchantApiAddresses')).userGuid, environment, apiUrl),
    'merchant.setAllowUnverified': async ({ allow }) => {
      const { userGuid } = await moneyMover('withdrawalAddresses');
      await keys.updateMerchant((current) => ({ ...current, allowUnverified: allow }));
      deps.logger.info('merchant allow-unverified-addresses changed', { allow });
      return keys.overview(userGuid);
    },
    // What withdrawals and verifications send: treasury work, like the API address.
    'merchant.setAssetForm': async ({ environment, assetForm }) =>
      keys.setAssetForm((await moneyMover('merchantAssetNames')).userGuid, environment, assetForm),
    'merchant.saveKeys': async ({ environment, publicKey, secretKey }) =>
      keys.save((await moneyMover('merchantKeys')).userGuid, environment, publicKey, secretKey),
    'merchant.deleteKeys': async ({ environment }) => keys.remove((await signedIn()).userGuid, environment),
    // Signing changes how money-moving requests are authenticated: treasury work, like saving keys.
    'merchant.signingGenerate': async ({ environment }) =>
      keys.generateSigningKey((await moneyMover('requestSigning')).userGuid, environment),
    'merchant.signingImport': async ({ environment, privateKeyPem }) =>
      keys.importSigningKey((await moneyMover('requestSigning')).userGuid, environment, privateKeyPem),
    'merchant.signingSetEnabled': async ({ environment, enabled }) =>
      keys.setSigningEnabled((await moneyMover('requestSigning')).userGuid, environment, enabled),
    'merchant.signingRemove': async ({ environment }) =>
      keys.removeSigningKey((await signedIn()).userGuid, environment),
    'merchant.testConnection': async () => {
      const connection = await keys.connect((await signedIn()).userGuid);
      await connection.client.balances();
      return { message: t('mainMerchant.connected', { origin: connection.origin }) };
    },
    'merchant.balances': async () =>
      balanceRows(await (await keys.connect((await signedIn()).userGuid)).client.balances()),
    'merchant.verifiedList': async ({ referenceId }) =>
      verification.verifiedList((await signedIn()).userGuid, referenceId),
    'merchant.verifyStart': async (input) =>
      verification.start((await moneyMover('verifyWithdrawalAddresses')).userGuid, input),
    'merchant.verifyPending': async () => verification.list((await signedIn()).userGuid),
    'merchant.verifyConfirm': async ({ id, amount }) =>
      verification.confirm((await moneyMover('verifyWithdrawalAddresses')).userGuid, id, amount),
    'merchant.verifyRestart': async ({ id }) =>
      verification.restart((await moneyMover('verifyWithdrawalAddresses')).userGuid, id),
    'merchant.verifyDiscard': async ({ id }) => verification.discard((await signedIn()).userGuid, id),
    // A deposit address with its callback URL decides where payers' money is announced: treasury work.
    'merchant.depositCreate': async (input) =>
      deposits.create((await moneyMover('merchantDepositAddresses')).userGuid, input),
    'merchant.depositGet': async (input) => deposits.get((await signedIn()).userGuid, input),
    'merchant.callbackCheck': async ({ body, signatureHeader }) => {
      const { userGuid } = await signedIn();
      const { result, facts } = checkCallbackBody(body, signatureHeader, await keys.activeSecret(userGuid));
      if (!facts) return result;
      return { ...result, comparison: await compareWithService(facts, depositLookups(userGuid)) };
    },
  };

  return {
    handlers,
    treasury: { keys, signedIn, moneyMover, actorNow: () => access.signedIn() },
    async verifiedAddresses() {
      let userGuid: string;
      try {
        userGuid = access.signedIn().userGuid;
      } catch {
        return [];
      }
      return verification.knownVerifiedAddresses(userGuid);
    },
  };
}
