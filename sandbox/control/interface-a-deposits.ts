import { changeWallet } from '../data/wallet-book';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { deliverDepositCallback } from '../callbacks/deliver';
import { CallbackShape, type CallbackShapeSwitch } from '../callbacks/sdk-shape';
import { findAsset } from '../data/assets';
import { makeRow, txIdFor, WITHDRAW_TYPE } from '../data/history';
import { Dec } from '../data/money';
import type { SandboxState } from '../data/state';

/** What the Interface B deposit route leaves in ctx.state when the address is not one of its own. */
const SimulatedDeposit = z.object({
  address: z.string().min(1),
  amount: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?$/)]),
  symbol: z.string().min(1).optional(),
  uniqueId: z.string().min(1).max(200).optional(),
  retryDelayMs: z.number().int().min(0).max(10_000).optional(),
  timeoutMs: z.number().int().min(1).max(60_000).optional(),
  callbackShape: CallbackShape.optional(),
});

function reply(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.body = body;
}

/**
 * POST /__sandbox/deposit for addresses created with Interface A's POST /deposit/address/create: credits
 * the account's wallet, appends a Deposit to its history, and delivers the spec 6 event to the callbackUrl,
 * signed with the account's callbackSecret (see /__sandbox/info). Runs after the Interface B handler,
 * which parses the body and passes on addresses it does not know.
 */
export function createInterfaceADepositRouter(
  state: SandboxState,
  log: (line: string) => void,
  shapes: CallbackShapeSwitch,
): Router {
  const router = new Router();
  router.post('/__sandbox/deposit', async (ctx) => {
    const parsed = SimulatedDeposit.safeParse((ctx.state as Record<string, unknown>)['simulatedDeposit']);
    if (!parsed.success) return;
    const input = parsed.data;
    const world = state.world;
    const record = world.depositAddresses.find((d) => d.address === input.address);
    const account = record && state.account(record.accountGuid);
    const asset = record && findAsset(record.symbol);
    if (!record || !account || !asset) return;
    if (input.symbol && ![asset.symbol, asset.asset].includes(input.symbol.toUpperCase())) {
      return reply(ctx, 400, { error: `address is for ${asset.symbol}, not ${input.symbol}` });
    }
    const amount = new Dec(String(input.amount));
    if (amount.lte(0) || amount.decimalPlaces() > asset.decimals) {
      return reply(ctx, 400, { error: `amount must be positive with at most ${asset.decimals} decimals` });
    }
    const uniqueId = input.uniqueId ?? txIdFor(asset, world.runtime);
    if (world.creditedDepositIds.has(uniqueId)) return reply(ctx, 409, { error: 'this UniqueId was already credited' });
    world.creditedDepositIds.add(uniqueId);
    const wallet = account.wallets.get(asset.symbol);
    if (!wallet) return reply(ctx, 500, { error: 'account has no wallet for this asset' });
    const price = world.prices.get(asset.symbol) ?? new Dec(0);
    const row = makeRow({
      asset,
      address: record.address,
      txId: uniqueId,
      amount,
      usdPrice: price,
      status: 'Completed',
      type: 'Deposit',
      dateMs: Date.now(),
      referenceId: record.referenceId,
      label: record.label,
      merchantTransactionId: '',
      to: '',
      withdrawType: WITHDRAW_TYPE.none,
      isAutoCollected: false,
    });
    changeWallet(account, asset.symbol, amount, 'deposit', row.dateMs);
    account.history.append(row);
    world.lastOrderId += 1;
    log(`interface-a deposit ${amount.toFixed()} ${asset.symbol} credited, order ${world.lastOrderId}`);
    const report = await deliverDepositCallback(
      { callbackUrl: record.callbackUrl, secretKey: account.seed.callbackSecret },
      {
        Address: record.address,
        UniqueId: uniqueId,
        Amount: amount.toNumber(),
        Symbol: asset.symbol,
        ReferenceId: record.referenceId,
        Price: {
          USD: row.prices.usd,
          GBP: row.prices.gbp,
          EUR: row.prices.eur,
          TRY: row.prices.try,
          JPY: row.prices.jpy,
        },
        OrderId: world.lastOrderId,
      },
      {
        retryDelayMs: input.retryDelayMs,
        timeoutMs: input.timeoutMs,
        log,
        shape: input.callbackShape ?? shapes.current,
        requestId: record.referenceId,
      },
    );
    reply(ctx, 200, {
      credited: { accountGuid: account.seed.guid, symbol: asset.symbol, balance: wallet.amount.toNumber() },
      ...report,
    });
  });
  return router;
}
