import Decimal from 'decimal.js';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import { toServiceNumber } from '../../service/wire-amount';
import { checkAddress } from '../addresses/validate-address';
import {
  assetByCode,
  balanceOf,
  matchesVerified,
  networkOf,
  requireAmountPrecision,
  type MerchantActor,
  type MerchantConnection,
  type MerchantKeys,
} from '../merchant';
import type { WithdrawAudience } from './withdraw-audience';
import type { WithdrawBody } from './withdraw-body';
import type { WithdrawMachine } from './withdraw-ledger';
import { t } from '../../i18n/main-text';
import { localeDecimal } from '../../i18n/main-numbers';

export interface WithdrawInput {
  /** The form's own id: one form, one withdrawal (security.md 38). */
  readonly formId: string;
  /** The member reference the address is verified under, sent as ReferenceId. */
  readonly referenceId: string;
  /** The merchant's own transaction id, when the user typed one; otherwise one is made at confirm. */
  readonly merchantTransactionId?: string | undefined;
  readonly code: string;
  readonly address: string;
  readonly amount: string;
  readonly label: string;
  readonly email: string;
  /** Unknown withdrawals the user was shown and chose to go ahead beside (security.md 27). */
  readonly acknowledgedIntentIds?: readonly string[] | undefined;
}

export interface WithdrawConfirmDeps {
  readonly keys: MerchantKeys;
  readonly machine: WithdrawMachine;
  readonly audience: WithdrawAudience;
  readonly logger: Logger;
  readonly now: () => number;
}

/**
 * Freezes a new withdrawal from the form, after every check that can refuse it without a code: the address
 * for the network, the amount's precision, the unsettled withdrawals acknowledged (a new one beside one
 * whose outcome is unknown, or still on its way, may pay twice: security.md 27), the address verified
 * unless the merchant allows unverified ones, and the merchant balance.
 */
export async function confirmNewWithdrawal(
  deps: WithdrawConfirmDeps,
  actor: MerchantActor,
  input: WithdrawInput,
): Promise<{ readonly intentId: string }> {
  const entry = assetByCode(input.code);
  const network = networkOf(entry);
  const checked = await checkAddress(entry.network, input.address);
  if (!checked.ok) throw new AppError('invalid_address', checked.reason, { field: 'address' });
  const amount = requireAmountPrecision(entry, input.amount);
  toServiceNumber(amount);
  const audience = deps.audience.of(actor.userGuid);
  deps.machine.requireAcknowledged(audience, input.acknowledgedIntentIds);
  const connection = await deps.keys.connect(actor.userGuid);
  const listed = await connection.client.withdrawableAssets(input.referenceId);
  const verified = listed.some((asset) => matchesVerified(asset, entry, checked.address));
  if (!verified && !deps.keys.current().allowUnverified) {
    throw new AppError(
      'forbidden',
      t('mainWithdraw.addressNotVerified', { code: entry.code, referenceId: input.referenceId }),
      { field: 'address' },
    );
  }
  await requireBalance(connection, entry.code, amount);
  const body: WithdrawBody = {
    environment: connection.environment,
    publicKey: connection.publicKey,
    origin: connection.origin,
    code: entry.code,
    networkId: network.id,
    address: checked.address,
    amount,
    label: input.label,
    email: input.email,
    verified,
    memberReferenceId: input.referenceId,
    userGuid: actor.userGuid,
    startedAtMs: deps.now(),
  };
  const intent = deps.machine.confirm(body, {
    audience,
    acknowledged: input.acknowledgedIntentIds,
    chosenReferenceId: input.merchantTransactionId,
  });
  deps.logger.info('withdrawal confirmed', { merchantTransactionId: intent.referenceId, asset: entry.code });
  return { intentId: intent.id };
}

/** Refused before any code is asked for when the merchant balance cannot cover the amount, so no code is spent on a withdrawal that cannot leave. */
async function requireBalance(connection: MerchantConnection, code: WithdrawBody['code'], amount: string) {
  const entry = assetByCode(code);
  const available = balanceOf(await connection.client.balances(), entry.code);
  if (available === null) {
    throw new AppError(
      'invalid_symbol',
      t('mainWithdraw.noBalanceListed', { asset: entry.asset, network: networkOf(entry).name }),
      { field: 'code' },
    );
  }
  if (new Decimal(amount).greaterThan(available)) {
    throw new AppError(
      'insufficient_balance',
      t('mainWithdraw.balanceLow', {
        code: entry.code,
        network: networkOf(entry).name,
        available: localeDecimal(available),
        amount: localeDecimal(amount),
      }),
      { field: 'amount' },
    );
  }
}

/** What the user filled in, the form's content a repeated confirmation must match (acknowledgements aside). */
export function formContent(input: WithdrawInput): string {
  return JSON.stringify([
    input.referenceId,
    input.merchantTransactionId ?? null,
    input.code,
    input.address,
    input.amount,
    input.label,
    input.email,
  ]);
}
