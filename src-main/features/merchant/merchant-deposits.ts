import { randomUUID } from 'node:crypto';
import type { MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import { AppError } from '../../app-error';
import { isLoopbackUrl } from '../../settings/environments';
import { assetByCode, decimalText, networkOf, requireAmountPrecision } from './asset-lookup';
import type { MerchantKeys } from './merchant-keys';

export interface CreateDepositInput {
  readonly code: string;
  readonly label: string;
  readonly referenceId: string;
  readonly callbackUrl: string;
  readonly amount?: string | undefined;
  readonly currency?: string | undefined;
  readonly redirectUrl?: string | undefined;
  readonly cancelUrl?: string | undefined;
}

/**
 * A URL the service will call or send a payer to: https, or http on this computer for local testing;
 * no embedded credentials (they would be handed to the payer's browser or the callback sender).
 */
export function requireWebUrl(text: string, field: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError(
      'bad_input',
      `The ${what} must be a full address such as https://shop.example/${field === 'callbackUrl' ? 'callback' : 'done'}.`,
      { field },
    );
  }
  if (url.username || url.password)
    throw new AppError('bad_input', `The ${what} must not contain a user name or password.`, { field });
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url.href))) {
    throw new AppError(
      'bad_input',
      `The ${what} must start with https:// (http is allowed only for this computer, for testing).`,
      { field },
    );
  }
  return url.href;
}

export function createMerchantDeposits(keys: MerchantKeys) {
  return {
    async create(userGuid: string, input: CreateDepositInput): Promise<MerchantDepositAddressView> {
      const entry = assetByCode(input.code);
      const callbackUrl = requireWebUrl(input.callbackUrl, 'callbackUrl', 'callback URL');
      const redirectUrl = input.redirectUrl
        ? requireWebUrl(input.redirectUrl, 'redirectUrl', 'redirect URL')
        : undefined;
      const cancelUrl = input.cancelUrl ? requireWebUrl(input.cancelUrl, 'cancelUrl', 'cancel URL') : undefined;
      const amount = input.amount ? requireAmountPrecision(entry, input.amount) : undefined;
      if (input.currency && !amount)
        throw new AppError('bad_input', 'A currency is only used with an expected amount.', { field: 'currency' });
      const referenceId = input.referenceId.trim() === '' ? randomUUID() : input.referenceId.trim();
      const { client } = await keys.connect(userGuid);
      const created = await client.createDepositAddress({
        Symbol: entry.code,
        Label: input.label,
        ReferenceId: referenceId,
        CallbackUrl: callbackUrl,
        ...(amount === undefined ? {} : { Amount: amount }),
        ...(input.currency ? { Currency: input.currency } : {}),
        ...(redirectUrl === undefined ? {} : { RedirectUrl: redirectUrl }),
        ...(cancelUrl === undefined ? {} : { CancelUrl: cancelUrl }),
      });
      return {
        address: created.wallet,
        code: created.symbol,
        network: created.network,
        referenceId,
        referenceGuid: created.referenceGuid,
        minAmounts: created.minAmounts.map((min) => ({ currency: min.currency, amount: decimalText(min.amount) })),
        supportedNetworks: created.supportedNetworks,
        contractTypes: created.contractTypes,
        information: created.information,
        price: amount
          ? Object.entries(created.price).map(([currency, value]) => ({
              currency: currency.toUpperCase(),
              amount: decimalText(value),
            }))
          : null,
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
      return {
        address: found.address,
        code: found.symbol,
        network: found.network,
        referenceId: input.memberId,
        referenceGuid: found.referenceGuid,
        minAmounts: [],
        supportedNetworks: found.supportedNetworks,
        contractTypes: found.contractTypes,
        information: found.information,
        price: null,
      };
    },
  };
}
