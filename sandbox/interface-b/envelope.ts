import Decimal from 'decimal.js';
import type { Context } from 'koa';

/**
 * The Z-codes of spec 7.2 that the sandbox answers with, plus the vendor SDK's that the spec does not list:
 * Z202 (two-factor code wrong or used) and Z513 (insufficient balance) in the strict profile, and Z501,
 * Z507, Z511 and Z519 under the `vendor` withdrawCodes reading (README "Wire readings").
 */
export type ZCode =
  | 'Z200'
  | 'Z202'
  | 'Z300'
  | 'Z400'
  | 'Z500'
  | 'Z501'
  | 'Z503'
  | 'Z507'
  | 'Z511'
  | 'Z513'
  | 'Z519'
  | 'Z600'
  | 'Z800'
  | 'Z429';

/**
 * A refusal that ends a request with a Z-code. `reason` goes to the sandbox log only: the wire carries
 * the bare code, as the spec shows, so clients cannot come to depend on sandbox wording.
 */
export class ZError extends Error {
  constructor(
    readonly zcode: ZCode,
    readonly reason: string,
  ) {
    super(`${zcode}: ${reason}`);
    this.name = 'ZError';
  }
}

export const API_VERSION = '1.0.0.0';

/** Envelope `code` (and HTTP status) per Z-code; spec 7.2 shows Z503 with 400, the rest is our choice. */
export function statusOf(zcode: ZCode): number {
  return zcode === 'Z429' ? 429 : 400;
}

/**
 * JSON with every Decimal written as a plain JSON number in full (no float rounding, no exponent), so
 * balances and amounts leave the sandbox exactly as they are held.
 */
export function toExactJson(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key: string, current: unknown) {
    const raw = this[key];
    if (raw instanceof Decimal) {
      marks.push(raw.toFixed());
      return `\u0000dec${marks.length - 1}\u0000`;
    }
    return current;
  });
  return text.replace(/"\\u0000dec(\d+)\\u0000"/g, (_, index: string) => marks[Number(index)] ?? 'null');
}

function send(ctx: Context, status: number, envelope: object): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = toExactJson(envelope);
}

export function sendData(ctx: Context, data: unknown): void {
  send(ctx, 200, { apiVersion: API_VERSION, data, code: 200, message: 'OK' });
}

/**
 * A refusal: the envelope's code is the Z-code's status; the HTTP status is the same, or 200 when the
 * service plays the reading that answers every envelope on 200 (README "Wire readings").
 */
export function sendZError(ctx: Context, zcode: ZCode, onHttp200 = false): void {
  const status = statusOf(zcode);
  send(ctx, onHttp200 ? 200 : status, { apiVersion: API_VERSION, data: null, code: status, message: zcode });
}

/** An error the spec does not list (fault unexpectedAnswerNext): any status, any Z-code. */
export function sendUnexpected(ctx: Context, status: number, zCode: string): void {
  send(ctx, status, { apiVersion: API_VERSION, data: null, code: status, message: zCode });
}

/** An injected server fault (SandboxFaults 'fail'): HTTP 500, message Z500 (its "internal error" reading). */
export function sendServerFault(ctx: Context): void {
  send(ctx, 500, { apiVersion: API_VERSION, data: null, code: 500, message: 'Z500' });
}
