import type { Context } from 'koa';
import { BodyError, readBytes } from '../http/body';
import { ZError } from './envelope';

/** The JSON object body; anything else (too big, not JSON, empty, not an object) is Z400, a bad request. */
export async function readJsonObject(ctx: Context): Promise<Record<string, unknown>> {
  return (await readJsonObjectWithBytes(ctx)).body;
}

/** The same, with the bytes it was parsed from (a request signature covers them). */
export async function readJsonObjectWithBytes(ctx: Context): Promise<{ body: Record<string, unknown>; bytes: Buffer }> {
  let bytes: Buffer;
  try {
    bytes = await readBytes(ctx);
  } catch (error) {
    if (error instanceof BodyError) throw new ZError('Z400', error.message);
    throw error;
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new ZError('Z400', 'body is not a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new ZError('Z400', 'malformed JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ZError('Z400', 'body is not a JSON object');
  }
  return { body: parsed as Record<string, unknown>, bytes };
}
