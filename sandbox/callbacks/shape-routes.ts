import { Router } from '@koa/router';
import { z } from 'zod';
import { BodyError, readJson } from '../http/body';
import { CallbackShape, type CallbackShapeSwitch } from './sdk-shape';

const ShapeInput = z.object({ shape: CallbackShape }).strict();

/** GET and POST /__sandbox/callback-shape: which deposit callback receivers get (README "Callback shapes"). */
export function createCallbackShapeRouter(shapes: CallbackShapeSwitch, log: (line: string) => void): Router {
  const router = new Router({ prefix: '/__sandbox' });
  router.get('/callback-shape', (ctx) => {
    ctx.body = { shape: shapes.current };
  });
  router.post('/callback-shape', async (ctx) => {
    let input: unknown;
    try {
      input = await readJson(ctx);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
    }
    const parsed = ShapeInput.safeParse(input);
    if (!parsed.success) {
      ctx.status = 400;
      ctx.body = { error: 'body must be { "shape": "spec" | "sdk" }' };
      return;
    }
    log(`deposit callbacks now in the ${parsed.data.shape} shape`);
    ctx.body = { shape: shapes.set(parsed.data.shape) };
  });
  return router;
}
