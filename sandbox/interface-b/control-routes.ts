import { Router } from '@koa/router';
import Decimal from 'decimal.js';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { deliverDepositCallback } from '../callbacks/deliver';
import { CallbackShape, type CallbackShapeSwitch } from '../callbacks/sdk-shape';
import { fiatPrices } from './assets';
import { verificationPage } from './verification-page';
import { readJsonObject } from './body';
import { toExactJson, ZError } from './envelope';
import { Prng } from '../data/prng';
import { makeTxId, type InterfaceBStore } from './store';

const SimulatedDeposit = z
  .object({
    address: z.string().min(1),
    amount: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?$/)]),
    /** If given, must name the address's asset or network-specific symbol. */
    symbol: z.string().min(1).optional(),
    /** The transaction id to report; one is made up when absent. A repeat is refused (no double credit). */
    uniqueId: z.string().min(1).max(200).optional(),
    /** Pause between callback attempts for this delivery (default 250 ms). */
    retryDelayMs: z.number().int().min(0).max(10_000).optional(),
    /** How long each callback attempt waits for the receiver (default 5000 ms). */
    timeoutMs: z.number().int().min(1).max(60_000).optional(),
    /** This delivery's callback shape; the sandbox's setting when absent (README "Callback shapes"). */
    callbackShape: CallbackShape.optional(),
    /**
     * false: the deposit is credited but not listed in the linked account's history, as a service that keeps
     * merchant deposits apart may do (README "Merchants and their Interface A accounts"). Default true.
     */
    listInHistory: z.boolean().optional(),
  })
  .strict();

function reply(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = toExactJson(body);
}

/**
 * POST /__sandbox/deposit: a deposit arrives on an Interface B address created with a callback URL.
 * The merchant is credited, then the spec 6 event is delivered; the answer is the delivery report.
 * An address this module does not know is passed on (`next`), so a later handler on the same path can
 * serve Interface A addresses; if none does, the answer is 404.
 */
export function createInterfaceBControlRouter(
  store: InterfaceBStore,
  log: (line: string) => void,
  shapes: CallbackShapeSwitch,
): Router {
  const router = new Router();
  // The amounts verification starts sent, per merchant and address (README, control API): the sandbox's
  // stand-in for looking at the address on a test network.
  const listed = () =>
    store.verification.pending().map((entry) => ({
      merchantName: store.findMerchant(entry.merchantPublicKey)?.name ?? null,
      ...entry,
    }));
  router.get('/__sandbox/verifications', (ctx: Context) => {
    reply(ctx, 200, { verifications: listed() });
  });
  // The same for a person, in a browser (README, control API).
  router.get('/__sandbox/', (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = verificationPage(listed());
  });
  router.post('/__sandbox/deposit', async (ctx: Context, next: Next) => {
    let input: z.infer<typeof SimulatedDeposit>;
    try {
      const parsed = SimulatedDeposit.safeParse(await readJsonObject(ctx));
      if (!parsed.success) return reply(ctx, 400, { error: z.prettifyError(parsed.error) });
      input = parsed.data;
    } catch (error) {
      if (error instanceof ZError) return reply(ctx, 400, { error: error.reason });
      throw error;
    }
    const entry = store.deposits.findByAddress(input.address);
    if (!entry) {
      // Later handlers see the parsed body, the stream being spent.
      ctx.state.simulatedDeposit = input;
      await next();
      if (ctx.body === undefined) reply(ctx, 404, { error: 'no deposit address with a callback URL matches' });
      return;
    }
    const { listing, merchant } = entry;
    if (input.symbol && ![listing.symbol, listing.asset].includes(input.symbol.toUpperCase())) {
      return reply(ctx, 400, { error: `address is for ${listing.symbol}, not ${input.symbol}` });
    }
    const amount = new Decimal(String(input.amount));
    if (amount.lte(0) || amount.decimalPlaces() > listing.decimals) {
      return reply(ctx, 400, { error: `amount must be positive with at most ${listing.decimals} decimals` });
    }
    const orderId = store.nextOrderId();
    const uniqueId =
      input.uniqueId ?? makeTxId(listing, new Prng(store.seed).fork(`interface-b:deposit-tx:${orderId}`));
    if (entry.creditedIds.has(uniqueId)) {
      return reply(ctx, 409, { error: 'this UniqueId was already credited' });
    }
    entry.creditedIds.add(uniqueId);
    merchant.balances[listing.balanceField] = merchant.balances[listing.balanceField].plus(amount);
    const linkedAccount = store.shared.accounts?.accountGuidOf(merchant.publicKey) ?? null;
    if (linkedAccount && input.listInHistory !== false) {
      store.shared.accounts?.recordDeposit(linkedAccount, {
        listing,
        address: entry.address,
        txId: uniqueId,
        amount,
        referenceId: entry.referenceId,
        label: entry.label,
      });
    }
    log(`interface-b deposit ${amount.toFixed()} ${listing.symbol} credited, order ${orderId}`);
    const price = fiatPrices(listing, amount);
    const report = await deliverDepositCallback(
      { callbackUrl: entry.callbackUrl, secretKey: merchant.secretKey },
      {
        Address: entry.address,
        UniqueId: uniqueId,
        Amount: amount.toNumber(),
        Symbol: listing.symbol,
        ReferenceId: entry.referenceId,
        Price: {
          USD: price.usd.toNumber(),
          GBP: price.gbp.toNumber(),
          EUR: price.eur.toNumber(),
          TRY: price.try.toNumber(),
          JPY: price.jpy.toNumber(),
        },
        OrderId: orderId,
      },
      {
        retryDelayMs: input.retryDelayMs,
        timeoutMs: input.timeoutMs,
        log,
        shape: input.callbackShape ?? shapes.current,
        requestId: typeof entry.created.requestId === 'string' ? entry.created.requestId : undefined,
      },
    );
    reply(ctx, 200, {
      credited: { balanceField: listing.balanceField, balance: merchant.balances[listing.balanceField] },
      ...report,
    });
  });
  return router;
}
