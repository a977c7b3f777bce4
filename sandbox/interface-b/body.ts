import type { Context } from 'koa';
import { BodyError, readJson } from '../http/body';
import { ZError } from './envelope';

/** The JSON object body; anything else (too big, not JSON, empty, not an object) is Z400, a bad request. */
export async function readJsonObject(ctx: Context): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await readJson(ctx);
  } catch (error) {
    if (error instanceof BodyError) throw new ZError('Z400', error.message);
    throw error;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ZError('Z400', 'body is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}
