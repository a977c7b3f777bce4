import type { ErrorCode } from '../../src-preload/result';

/**
 * Interface A's answers to a send or swap that prove nothing moved, as data (docs/z-codes.md, "Interface A's
 * refusals"): spec 7.1's messages, and the service's words for a bad two-factor code, address or amount,
 * which spec 7.1 leaves unshown, matched whole. Every other answer to a money move is unknown.
 */
export interface InterfaceARefusal {
  readonly status: 400 | 403 | 429;
  /** The envelope's message, compared without case. */
  readonly message: string;
  readonly source: 'spec 7.1' | 'service words, not shown in spec 7.1';
  readonly appCode: ErrorCode;
  readonly field?: string;
}

export const interfaceARefusals: readonly InterfaceARefusal[] = [
  {
    status: 400,
    message: 'Insufficient balance',
    source: 'spec 7.1',
    appCode: 'insufficient_balance',
    field: 'amount',
  },
  { status: 400, message: 'Invalid symbol', source: 'spec 7.1', appCode: 'invalid_symbol' },
  {
    status: 400,
    message: 'Invalid address',
    source: 'service words, not shown in spec 7.1',
    appCode: 'invalid_address',
    field: 'address',
  },
  {
    status: 400,
    message: 'Invalid amount',
    source: 'service words, not shown in spec 7.1',
    appCode: 'bad_input',
    field: 'amount',
  },
  {
    status: 400,
    message: 'Invalid two-factor code',
    source: 'service words, not shown in spec 7.1',
    appCode: 'invalid_code',
    field: 'tfa',
  },
  {
    status: 400,
    message: 'Two-factor code is required',
    source: 'service words, not shown in spec 7.1',
    appCode: 'invalid_code',
    field: 'tfa',
  },
  { status: 400, message: 'X-Account-Guid header is required', source: 'spec 7.1', appCode: 'bad_input' },
  { status: 403, message: 'Access denied to this account', source: 'spec 7.1', appCode: 'forbidden' },
  { status: 403, message: 'Insufficient permissions for send operation', source: 'spec 7.1', appCode: 'forbidden' },
  { status: 403, message: 'Insufficient permissions for swap operation', source: 'spec 7.1', appCode: 'forbidden' },
  { status: 429, message: 'Rate limit exceeded', source: 'spec 7.1', appCode: 'rate_limited' },
];
