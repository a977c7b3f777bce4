import type { ErrorCode } from '../../../src-preload/result';

/**
 * The app's error codes that, on a money-moving request, prove the service moved nothing: it refused
 * before acting (a wrong code, no balance, no permission, a bad symbol or address, the session, the rate
 * limit) or the app refused before sending. Every other answer — no answer, a 5xx, a code the app does
 * not know, an answer it cannot read — may have moved money and leaves the outcome unknown
 * (security.md 23, 28). Features map service answers onto these codes; the ledger trusts nothing else.
 */
export const nothingMovedCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_code',
  'insufficient_balance',
  'invalid_symbol',
  'invalid_address',
  'forbidden',
  'rate_limited',
  'session_expired',
  'not_signed_in',
  'locked',
  'bad_input',
  'invalid_credentials',
  'invalid_hash',
  'stale_precheck',
  'not_configured',
]);

export function isNothingMovedRefusal(error: { readonly code: ErrorCode }): boolean {
  return nothingMovedCodes.has(error.code);
}
