import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
import type { MessageId } from '../../resources/locales/catalogues';
import { assetNetworks, findAssetNetwork } from '../../src-preload/contract/asset-table';
import type { AssetForm } from '../../src-preload/contract/merchant';

/**
 * How `Symbol` names an asset on the wire. The service's own SDKs send the asset's name
 * (`USDT`) beside `NetworkId`; the spec's table also gives each network its own code (`BSC-USD`). The spec
 * does not say which the service reads, so the app sends the SDKs' form unless the merchant environment
 * is set to the other one (Merchant › API keys › "How assets are named").
 */
export const DEFAULT_ASSET_FORM: AssetForm = 'asset-name';

/** Carried on more than one network: the only assets whose two forms differ or need NetworkId to mean one thing. */
export function isMultiNetwork(code: string): boolean {
  const entry = findAssetNetwork(code);
  return entry !== undefined && assetNetworks.filter((other) => other.asset === entry.asset).length > 1;
}

/** The Symbol to send for one of the app's network codes; unknown codes go as they are. */
export function wireSymbol(code: string, form: AssetForm): string {
  const entry = findAssetNetwork(code);
  return form === 'asset-name' && entry ? entry.asset : code;
}

const FORM_WORDS: Record<AssetForm, MessageId> = {
  'asset-name': 'mainService.b.form.assetName',
  'network-code': 'mainService.b.form.networkCode',
};

/**
 * A refusal of a call that named a multi-network asset (invalid symbol, invalid parameters) may be the
 * service reading the other form: the error then says which form was sent and where to switch to the
 * other. Any other error, or a single-network asset, is returned as it is.
 */
export function withAssetFormHint(error: AppError, code: string, form: AssetForm, zcode: string | null): AppError {
  if (!isMultiNetwork(code) || (zcode !== 'Z300' && zcode !== 'Z600')) return error;
  const other: AssetForm = form === 'asset-name' ? 'network-code' : 'asset-name';
  const otherForm = t(FORM_WORDS[other]);
  const hint =
    form === 'asset-name'
      ? t('mainService.b.formHint.assetName', { asset: wireSymbol(code, form), form: otherForm })
      : t('mainService.b.formHint.networkCode', { code, form: otherForm });
  return new AppError(error.code, `${error.message} ${hint}`, {
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    cause: error,
  });
}
