import { TwoFactorCode } from '../../src-preload/contract/money';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';

/**
 * The six-digit rule (RFC 6238 codes as the service's authenticator issues them), checked again in main
 * before a code goes into any request: the contract's schema is the one definition of the rule. The code
 * itself never appears in the error.
 */
export function requireTwoFactorCode(code: string, field: string): string {
  if (!TwoFactorCode.safeParse(code).success) {
    throw new AppError('invalid_code', t('mainService.twoFactorSixDigits'), { field });
  }
  return code;
}
