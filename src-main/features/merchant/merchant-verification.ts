import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { PendingVerificationView, VerifiedAddress } from '../../../src-preload/contract/merchant';
import { AppError } from '../../app-error';
import { checkAddress } from '../addresses/validate-address';
import { assetByCode, networkNameById, networkOf, requireAmountPrecision } from './asset-lookup';
import type { MerchantKeys } from './merchant-keys';
import type { PendingVerification } from './merchant-settings';
import { assetOfListing, sameAddress } from './verified-match';

export { sameAddress } from './verified-match';

function toView(pending: PendingVerification): PendingVerificationView {
  return {
    id: pending.id,
    environment: pending.environment,
    referenceId: pending.referenceId,
    code: pending.code,
    networkName: networkNameById(pending.networkId),
    address: pending.address,
    label: pending.label,
    startedAt: pending.startedAt,
    wrongAttempts: pending.wrongAttempts,
  };
}

/**
 * Address verification (spec 3): start makes the service send a small random amount; the user then types
 * the amount the address received. The amount the start call returns is never shown, stored or sent to
 * the renderer — typing it back would prove nothing. Pending verifications live in settings (non-secret)
 * so they survive a restart; each belongs to the user who started it with their keys (security.md 30).
 */
export function createMerchantVerification(keys: MerchantKeys) {
  const pendingOf = (userGuid: string): PendingVerification[] =>
    keys.current().pendingVerifications.filter((pending) => pending.ownerUserGuid === userGuid);

  async function replacePending(change: (list: PendingVerification[]) => PendingVerification[]): Promise<void> {
    await keys.updateMerchant((current) => ({
      ...current,
      pendingVerifications: change(current.pendingVerifications),
    }));
  }

  function requirePending(userGuid: string, id: string): PendingVerification {
    const found = pendingOf(userGuid).find((pending) => pending.id === id);
    if (!found) throw new AppError('not_found', 'This verification is no longer pending. Start it again.');
    return found;
  }

  async function start(
    userGuid: string,
    input: {
      referenceId: string;
      code: string;
      address: string;
      label: string;
    },
  ): Promise<PendingVerificationView> {
    const entry = assetByCode(input.code);
    const network = networkOf(entry);
    const checked = await checkAddress(entry.network, input.address);
    if (!checked.ok) throw new AppError('invalid_address', checked.reason, { field: 'address' });
    const connection = await keys.connect(userGuid);
    await connection.client.verifyStart({
      ReferenceId: input.referenceId,
      Symbol: entry.code,
      NetworkId: network.id,
      Address: checked.address,
      Label: input.label,
    });
    const pending: PendingVerification = {
      id: randomUUID(),
      environment: connection.environment,
      publicKey: connection.publicKey,
      referenceId: input.referenceId,
      code: entry.code,
      networkId: network.id,
      address: checked.address,
      label: input.label,
      startedAt: new Date().toISOString(),
      wrongAttempts: 0,
      ownerUserGuid: userGuid,
    };
    // The service replaces the amount of an earlier start for the same address, so the old entry goes too.
    await replacePending((list) => [
      ...list.filter(
        (p) =>
          !(
            p.ownerUserGuid === userGuid &&
            p.environment === pending.environment &&
            p.publicKey === pending.publicKey &&
            p.referenceId === pending.referenceId &&
            p.code === pending.code &&
            sameAddress(p.address, pending.address)
          ),
      ),
      pending,
    ]);
    await keys.rememberReferenceId(userGuid, input.referenceId);
    return toView(pending);
  }

  return {
    start,

    list(userGuid: string): PendingVerificationView[] {
      return pendingOf(userGuid).map(toView);
    },

    async confirm(
      userGuid: string,
      id: string,
      amountText: string,
    ): Promise<{ verified: boolean; message: string; pending: PendingVerificationView[] }> {
      const pending = requirePending(userGuid, id);
      const entry = assetByCode(pending.code);
      const amount = requireAmountPrecision(entry, amountText);
      const connection = await keys.connect(userGuid);
      if (connection.environment !== pending.environment || connection.publicKey !== pending.publicKey) {
        throw new AppError(
          'not_configured',
          'This verification was started with other merchant keys or in another environment. Switch back to confirm it.',
        );
      }
      const { isVerified } = await connection.client.verifyConfirmAmount({
        ReferenceId: pending.referenceId,
        Symbol: pending.code,
        NetworkId: pending.networkId,
        Amount: amount,
      });
      if (isVerified) {
        await replacePending((list) => list.filter((p) => p.id !== id));
        return {
          verified: true,
          message: `${pending.address} is verified for ${pending.code}. It now appears in the verified list for ${pending.referenceId}.`,
          pending: pendingOf(userGuid).map(toView),
        };
      }
      await replacePending((list) => list.map((p) => (p.id === id ? { ...p, wrongAttempts: p.wrongAttempts + 1 } : p)));
      return {
        verified: false,
        message: `${new Decimal(amount).toFixed()} ${pending.code} is not the amount the service sent, so the address is not verified. Look up the exact amount the address received (in its wallet or a block explorer) and try again; after several wrong amounts, start the verification again.`,
        pending: pendingOf(userGuid).map(toView),
      };
    },

    async restart(userGuid: string, id: string): Promise<PendingVerificationView> {
      const pending = requirePending(userGuid, id);
      const view = await start(userGuid, {
        referenceId: pending.referenceId,
        code: pending.code,
        address: pending.address,
        label: pending.label,
      });
      await replacePending((list) => list.filter((p) => p.id !== id || p.id === view.id));
      return view;
    },

    async discard(userGuid: string, id: string): Promise<PendingVerificationView[]> {
      requirePending(userGuid, id);
      await replacePending((list) => list.filter((p) => p.id !== id));
      return pendingOf(userGuid).map(toView);
    },

    /**
     * The addresses verified under the reference id last used, for the send form's look-alike warning.
     * Empty when no merchant keys are set up; a failure is only a missing warning, never a blocked send.
     */
    async knownVerifiedAddresses(userGuid: string): Promise<string[]> {
      const referenceId = keys.current().lastReferenceIdByUser[userGuid] ?? '';
      if (referenceId === '') return [];
      try {
        const connection = await keys.connect(userGuid);
        return (await connection.client.withdrawableAssets(referenceId)).map((asset) => asset.address);
      } catch {
        return [];
      }
    },

    async verifiedList(userGuid: string, referenceId: string): Promise<VerifiedAddress[]> {
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
    },
  };
}

export type MerchantVerification = ReturnType<typeof createMerchantVerification>;
