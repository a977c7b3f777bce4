import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';

/**
 * A destination on a network the app does not know: its format cannot be checked here, so only what no
 * address of any chain contains is refused (blanks, spaces and control characters inside); the user must
 * confirm the address themselves before the send can be confirmed.
 */
export function requireUncheckedAddress(input: string): string {
  const text = input.trim();
  if (text === '') throw new AppError('invalid_address', t('mainFeatures.enterAddress'), { field: 'address' });
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.test(text)) {
    throw new AppError('invalid_address', t('mainFeatures.addressBlanks'), {
      field: 'address',
    });
  }
  return text;
}

/** Why a confirmation without the user's tick is refused; the same words the form shows beside the tick. */
export function uncheckedAddressWords(network: string): string {
  return t('mainFeatures.uncheckedAddress', { network });
}
