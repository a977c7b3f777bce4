import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { PendingVerificationView } from '../../../src-preload/contract/merchant';
import { AppError } from '../../app-error';
import { checkAddress } from '../addresses/validate-address';
import { assetByCode, networkNameById, networkOf, requireAmountPrecision } from './asset-lookup';
import type { MerchantKeys } from './merchant-keys';
import type { PendingVerification } from './merchant-settings';
import { sameAddress } from './verified-match';
import { t } from '../../i18n/main-text';
import { localeDecimal } from '../../i18n/main-numbers';

export interface VerificationStart {
  referenceId: string;
  code: string;
  address: string;
  label: string;
}

export interface VerificationAnswer {
  verified: boolean;
  message: string;
  pending: PendingVerificationView[];
}

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

function pendingOf(keys: MerchantKeys, userGuid: string): PendingVerification[] {
  return keys.current().pendingVerifications.filter((pending) => pending.ownerUserGuid === userGuid);
}

async function replacePending(
  keys: MerchantKeys,
  change: (list: PendingVerification[]) => PendingVerification[],
): Promise<void> {
  await keys.updateMerchant((current) => ({
    ...current,
    pendingVerifications: change(current.pendingVerifications),
  }));
}

function requirePending(keys: MerchantKeys, userGuid: string, id: string): PendingVerification {
  const found = pendingOf(keys, userGuid).find((pending) => pending.id === id);
  if (!found) throw new AppError('not_found', t('mainMerchant.notPending'));
  return found;
}

export function listPending(keys: MerchantKeys, userGuid: string): PendingVerificationView[] {
  return pendingOf(keys, userGuid).map(toView);
}

/** Asks the service to send the small amount to the address, and keeps the verification as pending. */
export async function startVerification(
  keys: MerchantKeys,
  userGuid: string,
  input: VerificationStart,
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
  await replacePending(keys, (list) => [
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

/** The amount the user read at the address, confirmed with the keys and environment that started it. */
export async function confirmVerification(
  keys: MerchantKeys,
  userGuid: string,
  id: string,
  amountText: string,
): Promise<VerificationAnswer> {
  const pending = requirePending(keys, userGuid, id);
  const entry = assetByCode(pending.code);
  const amount = requireAmountPrecision(entry, amountText);
  const connection = await keys.connect(userGuid);
  if (connection.environment !== pending.environment || connection.publicKey !== pending.publicKey) {
    throw new AppError('not_configured', t('mainMerchant.otherKeys'));
  }
  const { isVerified } = await connection.client.verifyConfirmAmount({
    ReferenceId: pending.referenceId,
    Symbol: pending.code,
    NetworkId: pending.networkId,
    Amount: amount,
  });
  if (isVerified) {
    await replacePending(keys, (list) => list.filter((p) => p.id !== id));
    return {
      verified: true,
      message: t('mainMerchant.verified', {
        address: pending.address,
        code: pending.code,
        referenceId: pending.referenceId,
      }),
      pending: listPending(keys, userGuid),
    };
  }
  await replacePending(keys, (list) =>
    list.map((p) => (p.id === id ? { ...p, wrongAttempts: p.wrongAttempts + 1 } : p)),
  );
  return {
    verified: false,
    message: t('mainMerchant.wrongAmount', {
      amount: localeDecimal(new Decimal(amount).toFixed()),
      code: pending.code,
    }),
    pending: listPending(keys, userGuid),
  };
}

/** Starts a pending verification again (a new amount is sent), replacing the old entry. */
export async function restartVerification(
  keys: MerchantKeys,
  userGuid: string,
  id: string,
): Promise<PendingVerificationView> {
  const pending = requirePending(keys, userGuid, id);
  const view = await startVerification(keys, userGuid, {
    referenceId: pending.referenceId,
    code: pending.code,
    address: pending.address,
    label: pending.label,
  });
  await replacePending(keys, (list) => list.filter((p) => p.id !== id || p.id === view.id));
  return view;
}

export async function discardVerification(
  keys: MerchantKeys,
  userGuid: string,
  id: string,
): Promise<PendingVerificationView[]> {
  requirePending(keys, userGuid, id);
  await replacePending(keys, (list) => list.filter((p) => p.id !== id));
  return listPending(keys, userGuid);
}
