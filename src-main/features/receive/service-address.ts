import { findAssetNetwork } from '../../../src-preload/contract/assets';
import { t } from '../../i18n/main-text';
import { AppError } from '../../app-error';
import { checkAddress } from '../addresses/validate-address';

/**
 * An address the service hands out for receiving is checked for its network's format and checksum before
 * it is shown or put in a QR code: a garbled address would make the payer's money unrecoverable, and a
 * payer's wallet may not check it for them.
 */
export async function requireReceivableAddress(code: string, address: string): Promise<string> {
  const asset = findAssetNetwork(code);
  // Codes outside the asset table have no known format; the service's text is shown as it is, and the view
  // says it was not checked (isCheckedNetwork).
  if (!asset) return address;
  const check = await checkAddress(asset.network, address);
  if (!check.ok) {
    throw new AppError('service_error', t('mainFeatures.serviceAddressInvalid', { code }));
  }
  return address;
}

/** Whether the app checks addresses of this code's network (the asset table knows it). */
export function isCheckedNetwork(code: string): boolean {
  return findAssetNetwork(code) !== undefined;
}
