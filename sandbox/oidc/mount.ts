import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';

export const OIDC_PREFIX = '/oidc';

/**
 * Hands /oidc/* to the provider's own Koa app with the prefix stripped. oidc-provider derives its mount path
 * from `req.originalUrl` minus `req.url` (as under Express or koa-mount), so the URLs it builds in discovery
 * and redirects keep the /oidc prefix and match the issuer.
 */
export function mountProvider(provider: Provider): Middleware {
  const handle = provider.callback();
  return async (ctx, next) => {
    if (ctx.path !== OIDC_PREFIX && !ctx.path.startsWith(`${OIDC_PREFIX}/`)) {
      await next();
      return;
    }
    const req = ctx.req as IncomingMessage & { originalUrl?: string };
    const url = req.url ?? '/';
    req.originalUrl = url;
    req.url = url.slice(OIDC_PREFIX.length) || '/';
    ctx.respond = false;
    await handle(req, ctx.res);
  };
}
