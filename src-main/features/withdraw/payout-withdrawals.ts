import { randomUUID } from 'node:crypto';
import type { WithdrawStatus } from '../../../src-preload/contract/withdraw';
import { AppError } from '../../app-error';
import type { WithdrawResult } from '../../service/interface-b-schemas';
import type { RefusedTrace } from '../money/intent-machine';
import type { MerchantOperation } from '../money/roles';
import { assetByCode, balanceRows, matchesVerified, type MerchantActor, type MerchantKeys } from '../merchant';
import type { MerchantWithdraw } from './withdraw-service';
import { t } from '../../i18n/main-text';

/** One payout row as a merchant withdrawal: what the withdrawal form would hold, typed by nobody. */
export interface PayoutWithdrawalRow {
  readonly memberReference: string;
  readonly email: string;
  readonly merchantTransactionId: string;
  readonly code: string;
  readonly address: string;
  readonly amount: string;
  readonly label: string;
}

/**
 * What payout batches ask of the merchant treasury: the verified addresses and balances of the signed-in
 * user's keys for the check, and each row as a withdrawal on the withdrawal's own intent machine, with the
 * same session checks as the withdraw.* slice of the bridge.
 */
export interface PayoutWithdrawals {
  /** Whether an address is verified for an asset under a member reference, read once per check. */
  verifiedUnder(memberReference: string): Promise<(code: string, address: string) => boolean>;
  /** The merchant balances, by the service's asset codes. */
  balances(): Promise<{ readonly code: string; readonly amount: string }[]>;
  knows(merchantTransactionId: string): boolean;
  statusIfKnown(intentId: string): WithdrawStatus | null;
  /** Confirms one withdrawal under the row's merchant transaction id; nothing leaves yet. */
  confirm(row: PayoutWithdrawalRow, acknowledged: readonly string[] | undefined): Promise<{ intentId: string }>;
  execute(intentId: string, tfaCode: string, acknowledged: readonly string[] | undefined): Promise<void>;
  reconcile(intentId: string): Promise<WithdrawStatus>;
  traceReference(merchantTransactionId: string): Promise<RefusedTrace<WithdrawResult>>;
}

export function createPayoutWithdrawals(deps: {
  readonly keys: MerchantKeys;
  readonly withdraw: MerchantWithdraw;
  /** The signed-in user now; throws when locked or signed out. */
  readonly actorNow: () => MerchantActor;
  readonly signedIn: () => Promise<MerchantActor>;
  readonly moneyMover: (operation: MerchantOperation) => Promise<MerchantActor>;
}): PayoutWithdrawals {
  const { keys, withdraw } = deps;
  return {
    async verifiedUnder(memberReference) {
      const actor = await deps.signedIn();
      const listed = await (await keys.connect(actor.userGuid)).client.withdrawableAssets(memberReference);
      return (code, address) => listed.some((asset) => matchesVerified(asset, assetByCode(code), address));
    },
    async balances() {
      const actor = await deps.signedIn();
      const balances = await (await keys.connect(actor.userGuid)).client.balances();
      return balanceRows(balances).map((row) => ({ code: row.code, amount: row.amount }));
    },
    knows: (merchantTransactionId) => withdraw.knows(merchantTransactionId),
    statusIfKnown: (intentId) => withdraw.statusIfKnown(deps.actorNow(), intentId),
    async confirm(row, acknowledged) {
      const actor = await deps.moneyMover('withdraw');
      // A batch pays verified addresses only, whatever "Allow unverified addresses" says, and a draft imported
      // from a file was checked on another computer: the address is checked again before the row is confirmed.
      const listed = await (await keys.connect(actor.userGuid)).client.withdrawableAssets(row.memberReference);
      if (!listed.some((asset) => matchesVerified(asset, assetByCode(row.code), row.address))) {
        throw new AppError(
          'forbidden',
          t('mainWithdraw.rowNotVerified', { code: row.code, memberReference: row.memberReference }),
          { field: 'address' },
        );
      }
      const review = await withdraw.confirm(actor, {
        // Each row is its own form: the row's reference, not the form, is what keeps it to one withdrawal.
        formId: randomUUID(),
        referenceId: row.memberReference,
        merchantTransactionId: row.merchantTransactionId,
        code: row.code,
        address: row.address,
        amount: row.amount,
        label: row.label,
        email: row.email,
        acknowledgedIntentIds: acknowledged,
      });
      return { intentId: review.intentId };
    },
    async execute(intentId, tfaCode, acknowledged) {
      await withdraw.submit(await deps.moneyMover('withdraw'), intentId, tfaCode, acknowledged);
    },
    async reconcile(intentId) {
      return (await withdraw.reconcile(await deps.signedIn(), intentId)).status;
    },
    traceReference: (merchantTransactionId) => withdraw.traceReference(merchantTransactionId),
  };
}
