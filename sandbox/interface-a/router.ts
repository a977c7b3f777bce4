import Router from '@koa/router';
import type { Context } from 'koa';
import type { InterfaceADeps } from './context';
import { ApiError, errorEnvelope, errors } from './envelope';
import { mountAccountRoutes } from './routes/account-routes';
import { mountWalletRoutes } from './routes/wallet-routes';
import { mountSendRoutes } from './routes/send-routes';
import { mountSwapRoutes } from './routes/swap-routes';
import { mountTransactionRoutes } from './routes/transaction-routes';

export const INTERFACE_A_PREFIX = '/api/OAuth';

function sendError(ctx: Context, error: ApiError): void {
  ctx.status = error.code;
  ctx.body = errorEnvelope(error.code, error.message);
  if (error.code === 429) ctx.set('Retry-After', '1');
}

/**
 * Interface A (spec 4.1) under /api/OAuth. Before any handler: the fault plan, then the per-token rate
 * limit; every failure answers with the envelope of 2.1 (unknown paths get it from the server fallback).
 */
export function createInterfaceARouter(deps: InterfaceADeps, log: (line: string) => void): Router {
  const router = new Router({ prefix: INTERFACE_A_PREFIX });

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      const fault = await deps.faults.beforeRequest(ctx.path);
      if (fault === 'fail') throw errors.internal();
      if (fault === 'rate_limit') throw errors.rateLimited();
      const key = ctx.get('authorization') || `ip:${ctx.ip}`;
      if (!deps.limiter.take(key)) throw errors.rateLimited();
      await next();
    } catch (error) {
      if (error instanceof ApiError) {
        sendError(ctx, error);
        return;
      }
      log(`interface A ${ctx.method} ${ctx.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      sendError(ctx, errors.internal());
    }
  });

  mountAccountRoutes(router, deps);
  mountWalletRoutes(router, deps);
  mountSendRoutes(router, deps);
  mountSwapRoutes(router, deps);
  mountTransactionRoutes(router, deps);
  return router;
}
