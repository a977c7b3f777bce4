import Decimal from 'decimal.js';
import { ExactDecimal } from '../../../src-preload/contract/exact-decimal';
import { amountWords } from '../money/amount-words';
import { feeRateNames } from '../../../src-preload/contract/fee-rate-names';
import type { SendPrecheck, SendReview } from '../../../src-preload/contract/send';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { InterfaceAClient } from '../../service/interface-a';
import { decimalText as text, fromServiceNumber, usdText } from '../../service/wire-amount';
import { userAccounts } from '../money/money-session';
import {
  sendAudience,
  type SendConfirmInput,
  type SendContext,
  type StoredFee,
  type StoredPrecheck,
} from './send-context';
import { uncheckedAddressWords } from './unchecked-address';

/**
 * No two-factor code is spent on a send that must fail: the wallet must hold the
 * amount, plus the fee when the fee is paid from it, and a token's fee wallet (the chain's coin) the fee.
 * Balances are read now, not taken from the precheck, because a send in between may have used them.
 */
async function requireFunds(client: InterfaceAClient, view: SendPrecheck, fee: StoredFee): Promise<void> {
  const { wallets } = await client.getWallets();
  const find = (symbol: string) => wallets.find((wallet) => wallet.symbol.toUpperCase() === symbol.toUpperCase());
  const amount = new Decimal(view.amount);
  const source = find(view.code);
  const sameWallet = fee.feeSymbol.toUpperCase() === view.code.toUpperCase();
  if (source) {
    const held = fromServiceNumber(source.amount);
    const needed = sameWallet ? new ExactDecimal(amount).plus(fee.feeDecimal) : amount;
    if (held.lessThan(needed)) {
      const words = {
        amount: amountWords(text(amount)),
        code: view.code,
        network: view.network,
        held: amountWords(text(held)),
        feeLabel: t(feeRateNames[fee.feeRate]),
        fee: amountWords(fee.fee),
        feeCode: fee.feeSymbol,
        needed: amountWords(text(needed)),
      };
      throw new AppError(
        'insufficient_balance',
        t(sameWallet ? 'mainSend.shortSameWallet' : 'mainSend.shortAmount', words),
        { field: 'amount' },
      );
    }
  }
  if (!sameWallet) {
    const feeWallet = find(fee.feeSymbol);
    const held = feeWallet ? fromServiceNumber(feeWallet.amount) : new Decimal(0);
    if (held.lessThan(fee.feeDecimal)) {
      throw new AppError(
        'insufficient_balance',
        t('mainSend.shortFee', {
          feeLabel: t(feeRateNames[fee.feeRate]),
          fee: amountWords(fee.fee),
          feeCode: fee.feeSymbol,
          held: amountWords(text(held)),
        }),
      );
    }
  }
}

/** The fee level chosen, refused when the precheck offered none such or the balance cannot pay it. */
function chosenFee(stored: StoredPrecheck, input: SendConfirmInput): StoredFee {
  const fee = stored.fees.find((option) => option.feeRate === input.feeRate);
  if (!fee) throw new AppError('bad_input', t('mainSend.noSuchFee'), { field: 'feeRate' });
  if (!fee.affordable) {
    throw new AppError('insufficient_balance', t('mainSend.feeUnaffordable', { fee: t(feeRateNames[fee.feeRate]) }), {
      field: 'amount',
    });
  }
  return fee;
}

function reviewOf(
  stored: StoredPrecheck,
  input: SendConfirmInput,
  fee: StoredFee,
  intent: { readonly id: string; readonly referenceId: string },
  description: string | null,
): SendReview {
  const view = stored.view;
  const price = new Decimal(view.priceUsd);
  const feeUsd = new Decimal(fee.feeUsd);
  return {
    intentId: intent.id,
    referenceId: intent.referenceId,
    code: view.code,
    network: view.network,
    destination: view.address,
    addressChecked: view.addressChecked,
    amount: view.amount,
    amountUsd: usdText(stored.amount.times(price)),
    feeRate: input.feeRate,
    fee: fee.fee,
    feeSymbol: fee.feeSymbol,
    feeUsd: usdText(feeUsd),
    totalUsd: usdText(stored.amount.times(price).plus(feeUsd)),
    arrivalEstimation: fee.arrivalEstimation,
    description,
    poisoningWarning: view.poisoningWarning,
  };
}

async function createIntent(
  context: SendContext,
  stored: StoredPrecheck,
  input: SendConfirmInput,
  description: string | null,
): Promise<SendReview> {
  const { deps, machine, prechecks } = context;
  prechecks.requireLive(stored);
  if (!stored.view.addressChecked && input.uncheckedAddressConfirmed !== true) {
    throw new AppError('bad_input', uncheckedAddressWords(stored.view.network), {
      field: 'uncheckedAddressConfirmed',
    });
  }
  const fee = chosenFee(stored, input);
  // security.md 27: an earlier send may already have gone through, or still be on its way (a lock or a
  // reload hides it from the window); a new one only with the user's word.
  const user = userAccounts(deps.session);
  const audience = sendAudience(user);
  machine.requireAcknowledged(audience, input.acknowledgedIntentIds);
  await requireFunds(deps.session.interfaceA(), stored.view, fee);
  prechecks.requireSameAccount(stored.accountGuid);
  // The machine checks again after the wait: a send may have been lost meanwhile.
  const view = stored.view;
  const intent = machine.confirm(
    {
      accountGuid: stored.accountGuid,
      userGuid: user.userGuid,
      code: view.code,
      address: view.address,
      amount: view.amount,
      feeRate: input.feeRate,
      description,
      expiresAtMs: stored.expiresAtMs,
      confirmedAtMs: context.now(),
    },
    { audience, acknowledged: input.acknowledgedIntentIds, chosenReferenceId: input.referenceId },
  );
  const review = reviewOf(stored, input, fee, intent, description);
  context.reviews.set(intent.id, review);
  context.ownReferences.add(intent.referenceId);
  deps.logger.info('send confirmed', { referenceId: intent.referenceId, asset: view.code, feeRate: input.feeRate });
  return review;
}

/**
 * Fixes the reference id and freezes the body (one intent per precheck). Refused while a send of this
 * account has an unknown outcome the user has not acknowledged, and when the balances cannot cover it.
 */
export async function confirmSend(context: SendContext, input: SendConfirmInput): Promise<SendReview> {
  context.deps.session.requireMoneyMovingRole('send');
  const description = input.description && input.description !== '' ? input.description : null;
  const key = JSON.stringify([input.feeRate, description]);
  return context.prechecks.confirm(input.precheckId, key, (stored) =>
    createIntent(context, stored, input, description),
  );
}
