import { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { BodyError, readJson } from '../http/body';
import type { InterfaceBStore } from './store';

const RegisterKey = z
  .object({ merchantPublicKey: z.string().min(1).max(200), publicKeyPem: z.string().min(1).max(16_384) })
  .strict();
const RequireSignatures = z.object({ required: z.boolean() }).strict();

function reply(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.body = body;
}

async function bodyOf(ctx: Context): Promise<unknown> {
  try {
    return (await readJson(ctx)) ?? {};
  } catch (error) {
    if (error instanceof BodyError) return undefined;
    throw error;
  }
}

/**
 * Control API for optional request signatures (README "Request signing"): register a merchant's public key
 * (as a merchant does in the service's dashboard) and switch the requirement on or off.
 */
export function createSigningControlRouter(store: InterfaceBStore, log: (line: string) => void): Router {
  const router = new Router({ prefix: '/__sandbox' });
  router.get('/request-signing', (ctx) => {
    reply(ctx, 200, {
      required: store.signatures.required,
      keys: store.merchants.map((m) => ({
        merchantPublicKey: m.publicKey,
        count: store.signatures.registered(m.publicKey),
      })),
    });
  });
  router.post('/request-signing', async (ctx) => {
    const parsed = RequireSignatures.safeParse(await bodyOf(ctx));
    if (!parsed.success) return reply(ctx, 400, { error: 'body must be { "required": boolean }' });
    store.signatures.setRequired(parsed.data.required);
    log(`interface-b request signatures ${parsed.data.required ? 'required' : 'not required'}`);
    reply(ctx, 200, { required: store.signatures.required });
  });
  router.post('/request-signing/keys', async (ctx) => {
    const parsed = RegisterKey.safeParse(await bodyOf(ctx));
    if (!parsed.success)
      return reply(ctx, 400, { error: 'body must be { "merchantPublicKey": string, "publicKeyPem": string }' });
    if (!store.findMerchant(parsed.data.merchantPublicKey))
      return reply(ctx, 404, { error: 'unknown merchant public key' });
    try {
      const count = store.signatures.register(parsed.data.merchantPublicKey, parsed.data.publicKeyPem);
      reply(ctx, 200, { merchantPublicKey: parsed.data.merchantPublicKey, count });
    } catch (error) {
      reply(ctx, 400, { error: error instanceof Error ? error.message : 'invalid key' });
    }
  });
  return router;
}
