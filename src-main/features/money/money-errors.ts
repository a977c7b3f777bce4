import { AppError } from '../../app-error';
import { isNothingMovedRefusal } from './refusals';
import { t } from '../../i18n/main-text';

/**
 * How a failed money-moving request counts for the at-most-once ledger. An answer counts as a refusal
 * only when its code is one of `nothingMovedCodes` (refusals.ts), after the service's words have been put
 * into the app's own; anything else — no answer, a 5xx, a code or message the app does not know, an answer
 * it cannot read — may have moved money and makes the outcome unknown (security.md 23, 28).
 */
export function classifyMoneyError(error: unknown, roleMessage: () => string): AppError {
  if (error instanceof AppError) {
    const explained = explainRefusal(error, roleMessage);
    if (isNothingMovedRefusal(explained)) return explained;
  }
  return new AppError('outcome_unknown', t('mainMoney.outcomeUnknown'), { cause: error });
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
      return new AppError('insufficient_balance', t('mainMoney.insufficientBalance'), {
        field: 'amount',
        cause: error,
      });
    case 'invalid_symbol':
      return new AppError('invalid_symbol', t('mainMoney.invalidSymbol'), {
        field: 'code',
        cause: error,
      });
    case 'invalid_code':
      return new AppError('invalid_code', t('mainMoney.invalidCode'), { field: 'tfa', cause: error });
    case 'service_error':
    case 'bad_input':
      // Spec 7.1 lists no amount error; services (and the sandbox) answer a 400 "Invalid amount" (which the
      // client makes a sentence, "Invalid amount.").
      return /^invalid amount\.?$/i.test(error.message.trim())
        ? new AppError('bad_input', t('mainMoney.invalidAmount'), { field: 'amount', cause: error })
        : error;
    // Already in the app's words, or not about what the request asked for: passed on as they are. Listed
    // one by one so a new code is placed here on purpose.
    case 'unknown_operation':
    case 'forbidden_sender':
    case 'internal':
    case 'not_signed_in':
    case 'sign_in_failed':
    case 'sign_in_cancelled':
    case 'session_expired':
    case 'locked':
    case 'keychain_unavailable':
    case 'invalid_address':
    case 'rate_limited':
    case 'network':
    case 'outcome_unknown':
    case 'unresolved_intent':
    case 'storage_failed':
    case 'stale_precheck':
    case 'in_flight':
    case 'not_configured':
    case 'invalid_credentials':
    case 'invalid_hash':
    case 'not_found':
    case 'cancelled':
      return error;
  }
}
