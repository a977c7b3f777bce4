import type { VerifiedAddress } from '../../../src-preload/contract/merchant';
import { networkNameById } from './asset-lookup';
import type { MerchantKeys } from './merchant-keys';
import { assetOfListing } from './verified-match';

/**
 * The addresses verified under the reference id last used, for the send form's look-alike warning.
 * Empty when no merchant keys are set up; a failure is only a missing warning, never a blocked send.
 */
export async function knownVerifiedAddresses(keys: MerchantKeys, userGuid: string): Promise<string[]> {
  const referenceId = keys.current().lastReferenceIdByUser[userGuid] ?? '';
  if (referenceId === '') return [];
  try {
    const connection = await keys.connect(userGuid);
    return (await connection.client.withdrawableAssets(referenceId)).map((asset) => asset.address);
  } catch {
    return [];
  }
}

/** The addresses the service lists as verified under a reference id, with the user's merchant keys. */
export async function verifiedList(
  keys: MerchantKeys,
  userGuid: string,
  referenceId: string,
): Promise<VerifiedAddress[]> {
  const connection = await keys.connect(userGuid);
  const assets = await connection.client.withdrawableAssets(referenceId);
  await keys.rememberReferenceId(userGuid, referenceId);
  return assets.map((asset) => {
    // The SDK names the asset (USDT) beside the network id; the form needs the network's own code.
    const entry = assetOfListing(asset);
    return {
      code: entry?.code ?? asset.symbol,
      referenceId: asset.referenceId,
      asset: entry?.asset ?? asset.symbol,
      networkId: asset.networkId,
      networkName: networkNameById(asset.networkId),
      address: asset.address,
      label: asset.label ?? '',
    };
  });
}
