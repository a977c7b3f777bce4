import { z } from 'zod';

/**
 * Stable error codes the UI maps to words. Errors travel as data because Electron reduces a thrown
 * error to its message when it crosses IPC.
 */
export const errorCodes = [
  'bad_input',
  'unknown_operation',
  'forbidden_sender',
  'internal',
  'not_signed_in',
  'sign_in_failed',
  'sign_in_cancelled',
  'session_expired',
  'locked',
  'keychain_unavailable',
  'forbidden',
  'insufficient_balance',
  'invalid_symbol',
  'invalid_address',
  'invalid_code',
  'rate_limited',
  'service_error',
  'network',
  'outcome_unknown',
  /** A new money move was asked for while an earlier one's outcome is unknown, without acknowledging it. */
  'unresolved_intent',
  /** A money request could not be written down before sending, so it was not sent. */
  'storage_failed',
  'stale_precheck',
  'in_flight',
  'not_configured',
  'invalid_credentials',
  'invalid_hash',
  'not_found',
  'cancelled',
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const BridgeError = z.object({
  code: ErrorCode,
  message: z.string(),
  /** Seconds the caller should wait before trying again (rate limiting). */
  retryAfterSeconds: z.number().optional(),
  /** Which input field the error belongs to, so a form can show it in place. */
  field: z.string().optional(),
});
export type BridgeError = z.infer<typeof BridgeError>;

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BridgeError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: BridgeError): Result<T> {
  return { ok: false, error };
}
