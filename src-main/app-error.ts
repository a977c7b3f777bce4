import type { BridgeError, ErrorCode } from '../src-preload/result';

/**
 * The one error type features throw on purpose. The dispatcher turns it into `{ ok: false, error }`;
 * anything else becomes an `internal` error whose details stay in the (redacted) log.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { retryAfterSeconds?: number; field?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.field = extra.field;
  }

  toBridgeError(): BridgeError {
    return {
      code: this.code,
      message: this.message,
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
      ...(this.field === undefined ? {} : { field: this.field }),
    };
  }
}
