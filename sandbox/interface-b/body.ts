import type { IncomingMessage } from 'node:http';
import { ZError } from './envelope';

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON object body; anything else (too big, not JSON, not an object) is Z400, a bad request. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new ZError('Z400', 'body too large');
    chunks.push(buffer);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ZError('Z400', 'body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ZError('Z400', 'body is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}
