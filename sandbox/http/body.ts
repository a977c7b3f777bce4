import type { Context } from 'koa';

const MAX_BODY_BYTES = 1_000_000;

export class BodyError extends Error {}

/** Reads the raw request body (there is no body-parser dependency; the sandbox needs only JSON and forms). */
export async function readText(ctx: Context): Promise<string> {
  return (await readBytes(ctx)).toString('utf8');
}

/** The body's bytes as sent: what a request signature covers. */
export async function readBytes(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyError('body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** JSON body, or undefined when the body is empty; throws BodyError on malformed JSON. */
export async function readJson(ctx: Context): Promise<unknown> {
  const text = await readText(ctx);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError('malformed JSON');
  }
}

export async function readForm(ctx: Context): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(ctx));
}
