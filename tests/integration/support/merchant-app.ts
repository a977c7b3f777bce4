import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import type { OperationName } from '../../../src-preload/contract';
import type { WithdrawReview } from '../../../src-preload/contract/withdraw';
import type { BridgeError, Result } from '../../../src-preload/result';
import { createAppCore, type AppCore } from '../../../src-main/app-core';
import { createDispatcher, createEmitter } from '../../../src-main/dispatch';
import { createMemoryStore } from '../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { openMoneyJournal, type MoneyJournal } from '../../../src-main/journal/money-journal';
import { openSettingsStore } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox, type SandboxInfo } from '../../../sandbox/server';
import type { ServiceProfile } from '../../../sandbox/profile';
import { createRecordingLogger } from '../../unit/support/recording-logger';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';
import { ScriptedBrowser } from './scripted-browser';

export type Merchant = SandboxInfo['merchants'][number];
export type SandboxUser = SandboxInfo['users'][number];

/** Verified for member-1 in every profile (ETH on Ethereum and USDT on BSC). */
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const MEMBER = 'member-1';

/** One launch of the app's main half over a machine (settings folder and keychain shared by launches). */
export interface MerchantLaunch {
  readonly core: AppCore;
  call(operation: OperationName, input?: unknown): Promise<Result<unknown>>;
  value<T = Record<string, unknown>>(operation: OperationName, input?: unknown): Promise<T>;
  failure(operation: OperationName, input?: unknown): Promise<BridgeError>;
  signIn(username: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app's main half against a sandbox of its own, with one settings folder and one keychain that
 * outlive a launch (restart) and a sign-out (another user at the same desk). Every Interface B request
 * body and every bridge answer is recorded, so tests can prove what was and was not sent.
 */
export async function startMerchantMachine(options: { profile?: ServiceProfile; widerService?: boolean } = {}) {
  const sandbox: RunningSandbox = await startSandbox({
    port: 0,
    quiet: true,
    totpWindowSteps: WIDE_TOTP_WINDOW,
    serviceProfile: options.profile ?? 'kind',
    ...(options.widerService ? { widerService: true } : {}),
  });
  const info = sandbox.info();
  const merchant = info.merchants[0] as Merchant;
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-merchant-'));
  const secrets: SecretStore = createMemoryStore();
  const logger = createRecordingLogger();
  const bridgeTraffic: string[] = [];
  /** Bodies of every /v1/withdraw/add request that left the app, in order. */
  const withdrawRequests: Record<string, unknown>[] = [];
  /** What arrives at an address being verified: the small amounts the service sends, seen by its owner. */
  const verificationAmounts: string[] = [];
  /** Rewrites withdrawable-asset listings the way the vendor SDK types them (asset name + network id). */
  const listing = { asAssetName: false };
  /** Rewrites the data of a successful /v1/withdraw/add answer (a service saying more than the sandbox does). */
  const withdrawAnswer: {
    rewrite: ((data: Record<string, unknown>) => Record<string, unknown>) | null;
    /**
     * Replaces the whole /v1/withdraw/add answer (status and envelope) after the sandbox handled the request:
     * a service whose HTTP status, envelope code and data disagree. Gets the sandbox's own answer.
     */
    reshape: ((answer: { status: number; json: Record<string, unknown> }) => { status: number; json: unknown }) | null;
  } = {
    rewrite: null,
    reshape: null,
  };
  /**
   * Rewrites the status of history rows (Interface A /transactions) with this merchant transaction id, as
   * the service shows a withdrawal it has taken on but not completed, or one it marked failed.
   */
  const historyRow: { merchantTransactionId: string | null; status: string } = {
    merchantTransactionId: null,
    status: 'Pending',
  };
  /** Roles the service reports per account guid (Interface A /session and /accounts/switch): a demotion. */
  const accountRoles: Record<string, string> = {};
  /** Makes every money-journal write of every launch fail, as a full or read-only disk does. */
  const journalWrites = { fail: false };

  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/v1/withdraw/add') && typeof init?.body === 'string')
      withdrawRequests.push(JSON.parse(init.body) as Record<string, unknown>);
    const response = await originalFetch(input, init);
    if (withdrawAnswer.reshape && url.endsWith('/v1/withdraw/add')) {
      const json = (await response.json()) as Record<string, unknown>;
      const reshaped = withdrawAnswer.reshape({ status: response.status, json });
      return new Response(JSON.stringify(reshaped.json), {
        status: reshaped.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (withdrawAnswer.rewrite && url.endsWith('/v1/withdraw/add') && response.ok) {
      const json = (await response.json()) as { data: Record<string, unknown> | null };
      if (json.data) json.data = withdrawAnswer.rewrite(json.data);
      return new Response(JSON.stringify(json), { status: response.status, headers: response.headers });
    }
    if (historyRow.merchantTransactionId !== null && new URL(url).pathname.endsWith('/transactions')) {
      const json = (await response.json()) as { data?: { items?: Array<Record<string, unknown>> } | null };
      for (const item of json.data?.items ?? [])
        if (item.merchantTransactionId === historyRow.merchantTransactionId) item.status = historyRow.status;
      return new Response(JSON.stringify(json), { status: response.status, headers: response.headers });
    }
    const path = new URL(url).pathname;
    if (Object.keys(accountRoles).length > 0 && (path.endsWith('/session') || path.endsWith('/accounts/switch'))) {
      const json = (await response.json()) as { data?: { accounts?: Array<{ guid: string; role: string }> } | null };
      for (const account of json.data?.accounts ?? []) account.role = accountRoles[account.guid] ?? account.role;
      return new Response(JSON.stringify(json), { status: response.status, headers: response.headers });
    }
    if (url.endsWith('/v1/verify/start')) {
      const json = (await response.clone().json()) as { data?: { amount?: number } };
      if (json.data?.amount !== undefined) verificationAmounts.push(new Decimal(String(json.data.amount)).toFixed());
    }
    if (listing.asAssetName && url.endsWith('/v1/merchant/withdraw/withdrawableAssets')) {
      const json = (await response.json()) as { data: Array<{ symbol: string }> | null };
      const names: Record<string, string> = { 'BSC-USD': 'USDT', 'OPT-USD': 'USDT', 'OPT-ETH': 'ETH' };
      for (const row of json.data ?? []) row.symbol = names[row.symbol] ?? row.symbol;
      return new Response(JSON.stringify(json), { status: response.status, headers: response.headers });
    }
    return response;
  };

  const userOf = (username: string): SandboxUser => {
    const user = info.users.find((candidate) => candidate.username === username);
    if (!user) throw new Error(`no sandbox user ${username}`);
    return user;
  };

  const launches: MerchantLaunch[] = [];

  async function launch(sessionOptions: { requestTimeoutMs?: number } = {}): Promise<MerchantLaunch> {
    let browser = new ScriptedBrowser({ username: 'alice', password: userOf('alice').password });
    const settings = await openSettingsStore(dir);
    const core = await createAppCore({
      appName: 'Wallet Desk',
      version: '0.0.0-test',
      settings,
      moneyJournal: failingWhen(journalWrites, await openMoneyJournal({ directory: dir, settings, logger })),
      secrets,
      logger,
      emit: createEmitter(() => undefined),
      openExternal: (url) => browser.openExternal(url),
      localSandboxPort: Number(new URL(sandbox.origin).port),
      sessionOptions,
      // Payout drafts outlive a launch as the money journal does, so a restart finds a batch where it stopped.
      payoutsDir: dir,
    });
    const dispatch = createDispatcher(core.handlers, logger);
    const call = async (operation: OperationName, input?: unknown) => {
      const result = await dispatch(operation, input);
      bridgeTraffic.push(JSON.stringify(result));
      return result;
    };
    const launched: MerchantLaunch = {
      core,
      call,
      async value<T>(operation: OperationName, input?: unknown) {
        const result = await call(operation, input);
        if (!result.ok) throw new Error(`${operation}: ${result.error.code}: ${result.error.message}`);
        return result.value as T;
      },
      async failure(operation: OperationName, input?: unknown) {
        const result = await call(operation, input);
        if (result.ok) throw new Error(`${operation} unexpectedly succeeded: ${JSON.stringify(result.value)}`);
        return result.error;
      },
      async signIn(username: string) {
        await browser.settled();
        browser = new ScriptedBrowser({ username, password: userOf(username).password });
        const view = await launched.value<{ status: string }>('session.signIn');
        if (view.status !== 'signed-in') throw new Error(`sign-in ended as ${view.status}`);
      },
      async close() {
        await core.dispose();
        await browser.settled();
      },
    };
    launches.push(launched);
    return launched;
  }

  const nextCode = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);

  return {
    sandbox,
    merchant,
    dir,
    secrets,
    logger,
    bridgeTraffic,
    withdrawRequests,
    verificationAmounts,
    listing,
    withdrawAnswer,
    historyRow,
    accountRoles,
    journalWrites,
    userOf,
    launch,
    nextCode,
    /** Withdrawals the sandbox itself committed with this merchant transaction id. */
    moved: (merchantTransactionId: unknown) =>
      sandbox
        .movements()
        .filter((movement) => movement.kind === 'withdraw' && movement.merchantTransactionId === merchantTransactionId)
        .length,
    /** Requests that left the app with this merchant transaction id. */
    sent: (merchantTransactionId: unknown) =>
      withdrawRequests.filter((body) => body.MerchantTransactionId === merchantTransactionId).length,
    async close() {
      globalThis.fetch = originalFetch;
      for (const launched of launches) await launched.close().catch(() => undefined);
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
/** The journal, with its writes failing while `writes.fail` is set. */
function failingWhen(writes: { fail: boolean }, journal: MoneyJournal): MoneyJournal {
  return {
    ...journal,
    section(name) {
      const section = journal.section(name);
      return {
        restored: section.restored,
        save: (records) =>
          writes.fail ? Promise.reject(new Error('ENOSPC: no space left on device')) : section.save(records),
      };
    },
  };
}

export type MerchantMachine = Awaited<ReturnType<typeof startMerchantMachine>>;

/** Saves the merchant's keys as the signed-in user and verifies an address for member-1. */
export async function setUpTreasury(
  machine: MerchantMachine,
  app: MerchantLaunch,
  verify: ReadonlyArray<{ code: string; address: string }> = [{ code: 'ETH', address: ETH_ADDRESS }],
): Promise<void> {
  await app.value('merchant.saveKeys', {
    environment: 'local-sandbox',
    publicKey: machine.merchant.publicKey,
    secretKey: machine.merchant.secretKey,
  });
  for (const target of verify) {
    const started = await app.value<{ id: string }>('merchant.verifyStart', {
      referenceId: MEMBER,
      ...target,
      label: `Payout ${target.code}`,
    });
    const amount = machine.verificationAmounts.at(-1) as string;
    const confirmed = await app.value<{ verified: boolean }>('merchant.verifyConfirm', { id: started.id, amount });
    if (!confirmed.verified) throw new Error(`could not verify ${target.code}`);
  }
}

export function confirmWithdrawal(
  app: MerchantLaunch,
  machine: MerchantMachine,
  amount: string,
  extra: { acknowledgedIntentIds?: string[]; code?: string; address?: string } = {},
): Promise<WithdrawReview> {
  return app.value<WithdrawReview>('withdraw.confirm', {
    formId: crypto.randomUUID(),
    referenceId: MEMBER,
    code: extra.code ?? 'ETH',
    address: extra.address ?? ETH_ADDRESS,
    amount,
    label: 'payout',
    email: machine.merchant.email,
    ...(extra.acknowledgedIntentIds ? { acknowledgedIntentIds: extra.acknowledgedIntentIds } : {}),
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
