/**
 * Type-level proof that the contract is enforced at compile time. This file is a type test: vitest's
 * type-check mode (tests/vitest.config.ts) runs tsc over it and fails the run when an expectTypeOf does
 * not hold or a line marked @ts-expect-error starts to compile, i.e. when an unknown operation or a wrong
 * argument type would be accepted; `npm run typecheck` (tsc -p tests) checks it too. Nothing here runs.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { invokeChannel } from '../../../src-preload/channels';
import { type InputOf, type OperationName, type OutputOf, type ParsedInputOf } from '../../../src-preload/contract';
import type { Result } from '../../../src-preload/result';
import type { WalletApi } from '../../../src-preload/wallet-api';
import type { Handlers } from '../../../src-main/dispatch';

export function compileOnlyRendererCalls(wallet: WalletApi): void {
  // Correct calls compile.
  void wallet.app.info();
  void wallet.preferences.update({ privacyMode: true });
  void wallet.preferences.update({ idleLockMinutes: 5 });
  void wallet.links.open({ url: 'https://mempool.space/tx/1' });

  // @ts-expect-error: no such domain
  void wallet.treasury.drain();
  // @ts-expect-error: no such operation in an existing domain
  void wallet.preferences.reset();
  // @ts-expect-error: wrong argument type
  void wallet.preferences.update({ privacyMode: 'yes' });
  // @ts-expect-error: unknown field
  void wallet.preferences.update({ privacyMode: true, colour: 'dark' });
  // @ts-expect-error: missing required argument
  void wallet.links.open();
  // @ts-expect-error: wrong argument shape
  void wallet.links.open('https://mempool.space/tx/1');
  // @ts-expect-error: unknown event
  wallet.on('wallet.drained', () => undefined);
  wallet.on('preferences.changed', (payload) => {
    // @ts-expect-error: event payloads are typed too
    const wrong: string = payload.privacyMode;
    void wrong;
  });
  // @ts-expect-error: the bridge is read-only
  wallet.app = wallet.preferences as unknown as WalletApi['app'];

  // Withdrawals are withdraw.*, beside send.* and swap.*; the merchant domain keeps no copy of them.
  void wallet.withdraw.status({ intentId: '5b0f2c3e-8d7a-4b11-9f2e-0a1b2c3d4e5f' });
  // @ts-expect-error: merchant.withdraw* is gone
  void wallet.merchant.withdrawConfirm;
  // @ts-expect-error: merchant.withdraw* is gone
  void wallet.merchant.withdrawSubmit;
  // @ts-expect-error: a withdrawal is sent with a two-factor code
  void wallet.withdraw.execute({ intentId: '5b0f2c3e-8d7a-4b11-9f2e-0a1b2c3d4e5f' });
}

export function compileOnlyMainSide(): void {
  // @ts-expect-error: channel names come from the contract only
  invokeChannel('wallets.drain');

  const handlers: Pick<Handlers, 'preferences.update'> = {
    // @ts-expect-error: a handler must return what the contract promises
    'preferences.update': () => ({ privacyMode: 'yes', idleLockMinutes: 5, theme: 'system' }),
  };
  void handlers;
}

describe('contract types', () => {
  it('types each call from its zod schemas', () => {
    expectTypeOf<InputOf<'preferences.update'>>().toEqualTypeOf<{
      privacyMode?: boolean;
      idleLockMinutes?: number;
      theme?: 'system' | 'light' | 'dark';
      language?: 'system' | 'en' | 'de' | 'tr' | 'pseudo';
    }>();
    expectTypeOf<WalletApi['preferences']['update']>().parameter(0).toEqualTypeOf<InputOf<'preferences.update'>>();
    expectTypeOf<WalletApi['app']['info']>().returns.toEqualTypeOf<Promise<Result<OutputOf<'app.info'>>>>();
    expectTypeOf<'app.info'>().toExtend<OperationName>();
    expectTypeOf<'wallets.drain'>().not.toExtend<OperationName>();
  });

  it('carries amounts across the bridge as decimal text, never as binary numbers', () => {
    type Wallet = OutputOf<'portfolio.wallets'>['wallets'][number];
    expectTypeOf<Wallet['amount']>().toEqualTypeOf<string>();
    expectTypeOf<Wallet['valueUsd']>().toEqualTypeOf<string>();
    expectTypeOf<OutputOf<'portfolio.wallets'>['totalBalanceUsd']>().toEqualTypeOf<string>();
    expectTypeOf<InputOf<'receive.createDepositAddress'>['amount']>().toEqualTypeOf<string | undefined>();
  });

  it('answers every call with a result union that must be narrowed before its value is read', () => {
    type Answer = Awaited<ReturnType<WalletApi['portfolio']['wallets']>>;
    expectTypeOf<Answer>().toEqualTypeOf<Result<OutputOf<'portfolio.wallets'>>>();
    expectTypeOf<Extract<Answer, { ok: false }>>().not.toHaveProperty('value');
    expectTypeOf<Extract<Answer, { ok: true }>['value']>().toEqualTypeOf<OutputOf<'portfolio.wallets'>>();
  });

  it('gives a withdrawal the shape of every money move (contract/money.ts)', () => {
    expectTypeOf<InputOf<'withdraw.execute'>>().toEqualTypeOf<InputOf<'send.execute'>>();
    expectTypeOf<InputOf<'withdraw.execute'>>().toEqualTypeOf<InputOf<'swap.execute'>>();
    expectTypeOf<InputOf<'withdraw.status'>>().toEqualTypeOf<InputOf<'send.status'>>();
    expectTypeOf<InputOf<'withdraw.reconcile'>>().toEqualTypeOf<InputOf<'swap.reconcile'>>();
    expectTypeOf<OutputOf<'withdraw.status'>['state']>().toEqualTypeOf<OutputOf<'send.status'>['state']>();
    expectTypeOf<OutputOf<'withdraw.status'>['error']>().toEqualTypeOf<OutputOf<'swap.status'>['error']>();
    expectTypeOf<keyof OutputOf<'withdraw.status'>>().toEqualTypeOf<keyof OutputOf<'send.status'>>();
    expectTypeOf<keyof OutputOf<'withdraw.unresolved'>[number]>().toEqualTypeOf<
      keyof OutputOf<'send.unresolved'>[number]
    >();
    expectTypeOf<InputOf<'withdraw.confirm'>['acknowledgedIntentIds']>().toEqualTypeOf<
      InputOf<'send.confirm'>['acknowledgedIntentIds']
    >();
    expectTypeOf<'merchant.withdrawConfirm'>().not.toExtend<OperationName>();
    expectTypeOf<'merchant.withdrawUnresolved'>().not.toExtend<OperationName>();
    // A refused move is sent again by execute in all three; no separate retry operation for one of them.
    expectTypeOf<'send.retry'>().not.toExtend<OperationName>();
    expectTypeOf<'swap.retry'>().not.toExtend<OperationName>();
    expectTypeOf<'withdraw.retry'>().not.toExtend<OperationName>();
  });

  it('lets a handler take only what main parsed and return only what the contract promises', () => {
    type Copy = Handlers['clipboard.copy'];
    expectTypeOf<Parameters<Copy>[0]>().toEqualTypeOf<ParsedInputOf<'clipboard.copy'>>();
    expectTypeOf<OutputOf<'receive.address'>>().not.toBeAny();
  });
});
