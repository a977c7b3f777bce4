import { AppError } from '../../app-error';

/**
 * How a failed money-moving request counts for the at-most-once ledger. Only answers that prove the
 * service did nothing (a refusal it explains: code, balance, role, symbol, rate limit, renewed session)
 * are definite; anything else — no answer, a server error, an answer the app cannot read — may have
 * moved money and is treated as an unknown outcome until the history says otherwise (security.md 23).
 */
const DEFINITE_REFUSALS = new Set<AppError['code']>([
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
]);

export function classifyMoneyError(error: unknown, roleMessage: () => string): AppError {
  if (error instanceof AppError) {
    const explained = explainRefusal(error, roleMessage);
    if (DEFINITE_REFUSALS.has(explained.code)) return explained;
  }
  return new AppError(
    'outcome_unknown',
    'The service did not give a clear answer, so it is not known whether this went through. Check its status before trying again.',
    {
      cause: error,
    },
  );
}

/** Service refusals in the app's words, attached to the form field they belong to. */
export function explainRefusal(error: AppError, roleMessage: () => string): AppError {
  switch (error.code) {
    case 'forbidden':
      // A 403 for the role reads exactly like the app's own role check (spec 7.1 "Insufficient permissions").
      return /insufficient permissions/i.test(error.message)
        ? new AppError('forbidden', roleMessage(), { cause: error })
        : error;
    case 'insufficient_balance':
      return new AppError(
        'insufficient_balance',
        'Insufficient balance: the amount plus the fee is more than this wallet holds.',
        { field: 'amount', cause: error },
      );
    case 'invalid_symbol':
      return new AppError('invalid_symbol', 'Invalid symbol: the service does not support this asset here.', {
        field: 'code',
        cause: error,
      });
    case 'invalid_code':
      return new AppError(
        'invalid_code',
        'The service refused this two-factor code. Wait for the next code in your authenticator app and enter it.',
        {
          field: 'tfa',
          cause: error,
        },
      );
    case 'service_error':
      // Spec 7.1 lists no amount error; services (and the sandbox) answer a 400 "Invalid amount".
      return /invalid amount/i.test(error.message)
        ? new AppError(
            'bad_input',
            'The service does not accept this amount: check its decimal places and that it is above zero.',
            { field: 'amount', cause: error },
          )
        : error;
    default:
      return error;
  }
}
