import Decimal from 'decimal.js';
import type { PayoutRow, WithdrawalTarget } from '../../../src-preload/contract/payouts';
import type { SendStatus } from '../../../src-preload/contract/send';
import type { WithdrawStatus } from '../../../src-preload/contract/withdraw';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { PayoutWithdrawals } from '../withdraw';
import type { SendService } from '../send';
import type { SessionService } from '../session';
import { roleWords } from '../../i18n/service-words';
import { t } from '../../i18n/main-text';

/** The fee level of every payout row sent on Interface A: the service's Standard (spec 2.2). */
export const STANDARD_FEE = 1;

/** What a row's intent says of itself, whichever machine holds it. */
export type RowLive = Pick<SendStatus, 'state' | 'error'> & {
  readonly outcome: { readonly txId: string; readonly explorerUrl: string | null } | null;
};

/** What the history holds under a row's reference, as a refused move's look-up reads it (security.md 39). */
export type RowTrace =
  | { readonly kind: 'none' }
  | { readonly kind: 'moved'; readonly outcome: { readonly txId: string; readonly explorerUrl: string | null } }
  | { readonly kind: 'seen'; readonly note: BridgeError };

/**
 * One kind of payout row on its own intent machine: a send's (Interface A) or a merchant withdrawal's
 * (Interface B). The batch decides when a row goes and writes down what happened; the machine decides
 * whether the request may leave and journals it before it does.
 */
export interface RowMover {
  /** Refused (forbidden) for a role that may not move money in the active account. */
  requireRole(): void;
  knowsReference(reference: string): boolean;
  statusIfKnown(intentId: string): RowLive | null;
  /** Checks the row again and confirms one intent under its reference; nothing leaves yet. */
  confirm(row: PayoutRow, acknowledged: readonly string[] | undefined): Promise<string>;
  execute(intentId: string, tfaCode: string, acknowledged: readonly string[] | undefined): Promise<void>;
  reconcile(intentId: string): Promise<SendStatus | WithdrawStatus>;
  traceReference(reference: string): Promise<RowTrace>;
}

export type PayoutSend = Pick<
  SendService,
  'precheck' | 'confirm' | 'execute' | 'reconcile' | 'knowsReference' | 'statusIfKnown' | 'traceReference'
>;

/** Rows that are Interface A sends of the draft's account, each a send on the send's machine. */
export function sendMover(
  send: PayoutSend,
  session: Pick<SessionService, 'requireMoneyMovingRole'>,
  accountGuid: string,
): RowMover {
  return {
    requireRole: () => void session.requireMoneyMovingRole('send'),
    knowsReference: (reference) => send.knowsReference(reference),
    statusIfKnown: (intentId) => send.statusIfKnown(intentId),
    async confirm(row, acknowledged) {
      const precheck = await send.precheck({ code: row.code, address: row.address, amount: row.amount });
      if (!new Decimal(precheck.amount).equals(row.amount)) {
        throw new AppError('service_error', t('mainPayouts.otherAmount'));
      }
      const review = await send.confirm({
        precheckId: precheck.precheckId,
        feeRate: STANDARD_FEE,
        ...(row.label === '' ? {} : { description: row.label }),
        acknowledgedIntentIds: acknowledged,
        referenceId: row.reference,
      });
      return review.intentId;
    },
    async execute(intentId, tfaCode, acknowledged) {
      await send.execute({ intentId, tfaCode, acknowledgedIntentIds: acknowledged ? [...acknowledged] : undefined });
    },
    async reconcile(intentId) {
      return (await send.reconcile(intentId)).status;
    },
    traceReference: (reference) => send.traceReference(accountGuid, reference),
  };
}

/**
 * Rows that are merchant withdrawals (Interface B), each a withdrawal on the withdrawal's own machine under
 * the row's reference as its merchant transaction id, with the executing person's own merchant keys.
 */
export function withdrawMover(
  withdrawals: PayoutWithdrawals,
  session: Pick<SessionService, 'activeAccount'>,
  target: WithdrawalTarget,
): RowMover {
  return {
    requireRole() {
      const account = session.activeAccount();
      if (!account.canMoveMoney) {
        throw new AppError(
          'forbidden',
          t('mainPayouts.roleCannotWithdraw', { role: roleWords(account.role), account: account.name }),
        );
      }
    },
    knowsReference: (reference) => withdrawals.knows(reference),
    statusIfKnown: (intentId) => withdrawals.statusIfKnown(intentId),
    async confirm(row, acknowledged) {
      const { intentId } = await withdrawals.confirm(
        {
          memberReference: target.memberReference,
          email: target.email,
          merchantTransactionId: row.reference,
          code: row.code,
          address: row.address,
          amount: row.amount,
          label: row.label,
        },
        acknowledged,
      );
      return intentId;
    },
    execute: (intentId, tfaCode, acknowledged) => withdrawals.execute(intentId, tfaCode, acknowledged),
    reconcile: (intentId) => withdrawals.reconcile(intentId),
    traceReference: (reference) => withdrawals.traceReference(reference),
  };
}
