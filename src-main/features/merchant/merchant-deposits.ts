import { randomUUID } from 'node:crypto';
import type { MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import { AppError } from '../../app-error';
import { isAllowedServiceUrl } from '../../settings/environments';
import Decimal from 'decimal.js';
import { findAssetNetwork, findByNetworkName } from '../../../src-preload/contract/assets';
import type { CreatedMerchantDepositAddress } from '../../service/interface-b-schemas';
import { isMultiNetwork } from '../../service/interface-b-symbols';
import { serviceNumberText } from '../../service/wire-amount';
import { assetByCode, networkOf, requireAmountPrecision } from './asset-lookup';
import { assetOfListing } from './verified-match';
import type { MerchantKeys } from './merchant-keys';
import { t } from '../../i18n/main-text';

export interface CreateDepositInput {
  readonly code: string;
  readonly label: string;
  readonly referenceId: string;
  readonly callbackUrl: string;
  readonly amount?: string | undefined;
  readonly amountUnit?: 'crypto' | 'fiat' | undefined;
  readonly currency?: string | undefined;
  readonly redirectUrl?: string | undefined;
  readonly cancelUrl?: string | undefined;
}

/** The addresses a deposit request carries; each refusal names its own (an ICU select in the catalogue). */
export type WebUrlField = 'callbackUrl' | 'redirectUrl' | 'cancelUrl';

/**
 * A URL the service will call or send a payer to: https, or http on this computer for local testing;
 * no embedded credentials (they would be handed to the payer's browser or the callback sender).
 */
export function requireWebUrl(text: string, field: WebUrlField): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('bad_input', t('mainMerchant.deposit.urlForm', { field }), { field });
  }
  if (url.username || url.password)
    throw new AppError('bad_input', t('mainMerchant.deposit.urlCredentials', { field }), { field });
  if (!isAllowedServiceUrl(url))
    throw new AppError('bad_input', t('mainMerchant.deposit.urlHttps', { field }), { field });
  return url.href;
}

/** The app's code for an answer's symbol: a network code as is, an asset name by the network answered beside it. */
function codeOfAnswer(symbol: string, network: string, networkId?: number): string {
  const byId = networkId === undefined ? null : assetOfListing({ symbol, networkId });
  return (
    byId?.code ?? findByNetworkName(symbol.toUpperCase(), network)?.code ?? findAssetNetwork(symbol)?.code ?? symbol
  );
}

/**
 * An address on another network than the one asked for is not shown: a payer told to pay on the chosen
 * network would send there, and money sent to an address of another chain may never arrive.
 */
function requireChosenNetwork(answered: string, chosen: string, made: boolean): void {
  if (answered.trim().toLowerCase() === chosen.toLowerCase()) return;
  throw new AppError(
    'service_error',
    t(made ? 'mainMerchant.deposit.madeOtherNetwork' : 'mainMerchant.deposit.answeredOtherNetwork', {
      answered,
      chosen,
    }),
  );
}

/** The answer's price figures that are present, as exact decimal text. */
function priceRows(price: CreatedMerchantDepositAddress['price']): MerchantDepositAddressView['price'] {
  if (!price) return null;
  const rows = Object.entries(price).flatMap(([currency, value]) =>
    typeof value === 'number' ? [{ currency: currency.toUpperCase(), amount: serviceNumberText(value) }] : [],
  );
  return rows.length > 0 ? rows : null;
}

/**
 * What a deposit's expected amount counts, as the user said: units of the asset, sent without a
 * Currency, or an amount of a fiat currency, sent with it. The spec says "expected amount"; one vendor
 * README says fiat, another SDK's example reads as crypto, so the app asks and never converts or guesses.
 */
function expectedAmount(
  entry: ReturnType<typeof assetByCode>,
  input: CreateDepositInput,
): { amount: string; currency?: string; unit: string } | null {
  if (!input.amount) {
    if (input.currency || input.amountUnit)
      throw new AppError('bad_input', t('mainMerchant.deposit.unitWithoutAmount'), { field: 'amount' });
    return null;
  }
  switch (input.amountUnit) {
    case 'crypto':
      if (input.currency)
        throw new AppError('bad_input', t('mainMerchant.deposit.cryptoWithoutFiat', { code: entry.code }), {
          field: 'currency',
        });
      return { amount: requireAmountPrecision(entry, input.amount), unit: entry.code };
    case 'fiat': {
      if (!input.currency) throw new AppError('bad_input', t('mainMerchant.deposit.chooseFiat'), { field: 'currency' });
      const amount = new Decimal(input.amount);
      if (amount.decimalPlaces() > 2)
        throw new AppError('bad_input', t('mainMerchant.deposit.fiatDecimals', { places: 2 }), { field: 'amount' });
      return { amount: amount.toFixed(), currency: input.currency, unit: input.currency };
    }
    case undefined:
      throw new AppError('bad_input', t('mainMerchant.deposit.sayUnit', { code: entry.code }), { field: 'amountUnit' });
  }
}

export function createMerchantDeposits(keys: MerchantKeys) {
  return {
    async create(userGuid: string, input: CreateDepositInput): Promise<MerchantDepositAddressView> {
      const entry = assetByCode(input.code);
      const network = networkOf(entry);
      const callbackUrl = requireWebUrl(input.callbackUrl, 'callbackUrl');
      const redirectUrl = input.redirectUrl ? requireWebUrl(input.redirectUrl, 'redirectUrl') : undefined;
      const cancelUrl = input.cancelUrl ? requireWebUrl(input.cancelUrl, 'cancelUrl') : undefined;
      const expected = expectedAmount(entry, input);
      const referenceId = input.referenceId.trim() === '' ? randomUUID() : input.referenceId.trim();
      const { client } = await keys.connect(userGuid);
      // Optional fields are left out, never sent as null: a service may refuse null.
      const created = await client.createDepositAddress({
        Symbol: entry.code,
        // Always the network the user chose for an asset carried on several, never the service's pick.
        ...(isMultiNetwork(entry.code) ? { NetworkId: network.id } : {}),
        Label: input.label,
        ReferenceId: referenceId,
        CallbackUrl: callbackUrl,
        ...(expected === null ? {} : { Amount: expected.amount }),
        ...(expected?.currency === undefined ? {} : { Currency: expected.currency }),
        ...(redirectUrl === undefined ? {} : { RedirectUrl: redirectUrl }),
        ...(cancelUrl === undefined ? {} : { CancelUrl: cancelUrl }),
      });
      requireChosenNetwork(created.network, network.name, true);
      const code = codeOfAnswer(created.symbol, created.network);
      return {
        address: created.wallet,
        code,
        network: created.network,
        referenceId,
        referenceGuid: created.referenceGuid ?? null,
        minAmounts: (created.minAmounts ?? []).map((min) => ({
          currency: min.currency,
          amount: serviceNumberText(min.amount),
        })),
        supportedNetworks: created.supportedNetworks ?? null,
        contractTypes: created.contractTypes ?? null,
        information: created.information ?? null,
        price: expected ? priceRows(created.price) : null,
        expected: expected ? { amount: expected.amount, unit: expected.unit } : null,
      };
    },

    async get(
      userGuid: string,
      input: {
        memberId: string;
        code: string;
        label?: string | undefined;
      },
    ): Promise<MerchantDepositAddressView> {
      const entry = assetByCode(input.code);
      const { client } = await keys.connect(userGuid);
      const found = await client.getDepositAddress({
        MemberId: input.memberId,
        Symbol: entry.code,
        NetworkId: networkOf(entry).id,
        ...(input.label ? { Label: input.label } : {}),
      });
      requireChosenNetwork(found.network, networkOf(entry).name, false);
      return {
        address: found.address,
        code: codeOfAnswer(found.symbol, found.network, found.networkId),
        network: found.network,
        referenceId: input.memberId,
        referenceGuid: found.referenceGuid ?? null,
        minAmounts: [],
        supportedNetworks: found.supportedNetworks ?? null,
        contractTypes: found.contractTypes ?? null,
        information: found.information ?? null,
        price: null,
        expected: null,
      };
    },
  };
}
