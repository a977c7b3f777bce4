import type { UnresolvedWithdrawal, WithdrawReview, WithdrawStatus } from '../../../../src-preload/contract/withdraw';
import type { BridgeError } from '../../../../src-preload/result';
import { shortAddress } from '../../format/short-address';
import type { AmountText } from '../../format/amounts';
import { t } from '../../i18n/text';
import { assetLabel } from './merchant-options';

/**
 * Withdrawals in words, composed here from the structured list so amounts follow the display locale
 * ("0,0006 BTC" in de-DE) and the privacy mask (`amountText` from useAmountText): amount, asset, destination
 * and merchant transaction id.
 */
export function withdrawalWords(
  { review: intent, status }: { readonly review: WithdrawReview; readonly status: Pick<WithdrawStatus, 'state'> },
  address: 'full' | 'short',
  amountText: AmountText,
): string {
  return t('withdraw.words', {
    amount: amountText(intent.amount, intent.code),
    asset: assetLabel(intent.code),
    to: address === 'full' ? intent.address : shortAddress(intent.address),
    id: intent.merchantTransactionId,
    state: status.state === 'in-flight' ? 'sending' : 'other',
  });
}

/** The warning above a new withdrawal: names every unsettled one in full. */
export function unsettledWarning(list: readonly UnresolvedWithdrawal[], amountText: AmountText): string {
  return t('withdraw.unsettled.warning', { count: list.length, list: named(list, 'full', amountText) });
}

/** How many withdrawals a warning names; the list above it shows them all (security.md 36). */
const NAMED = 5;

/** The first few withdrawals in words, and how many more there are. */
function named(list: readonly UnresolvedWithdrawal[], address: 'full' | 'short', amountText: AmountText): string {
  const words = list
    .slice(0, NAMED)
    .map((entry) => withdrawalWords(entry, address, amountText))
    .join('; ');
  const more = list.length - NAMED;
  if (more <= 0) return words;
  return t('withdraw.unsettled.more', { words, more });
}

/** What ticking the acknowledgement lets the user do: start a new withdrawal, or send the one under review. */
export type AcknowledgedAction = 'new' | 'send';

/** The acknowledgement's label: the same withdrawals, addresses shortened, so the box says what it accepts. */
export function acknowledgementLabel(
  list: readonly UnresolvedWithdrawal[],
  action: AcknowledgedAction,
  amountText: AmountText,
): string {
  return t('withdraw.unsettled.acknowledge', {
    count: list.length,
    which: named(list, 'short', amountText),
    action,
  });
}

/** "withdrawal of 0.02 ETH", as the lists of unsettled and closed withdrawals name one. */
export function withdrawalOf(review: WithdrawReview, amountText: AmountText): string {
  return t('withdraw.of', { amount: amountText(review.amount, review.code) });
}

/**
 * "withdrawal of 0.02 ETH (ETH on Ethereum Mainnet) to 0x529084…E4169EE7 (merchant transaction id INV-0)", as
 * the unsettled list's close button and warning name one that is no longer being sent.
 */
export function listedWithdrawal(review: WithdrawReview, amountText: AmountText): string {
  return t('withdraw.of', { amount: withdrawalWords({ review, status: { state: 'unknown' } }, 'short', amountText) });
}

/**
 * The "Outcome unknown" card's words: why it is unknown (main's words from execute, or the default), and,
 * apart from it, a "Check status" that could not be made. A failed look-up says nothing about the
 * withdrawal, so it never replaces the warning; a look-up's own answer ("not found", "pending": main's words
 * under `outcome_unknown`) is said by the store's status message instead.
 */
export function unknownOutcomeWords(state: { unknownReason: BridgeError | null; submitError: BridgeError | null }): {
  explanation: string;
  lookupFailure: BridgeError | null;
} {
  const { unknownReason, submitError } = state;
  return {
    explanation: unknownReason?.message ?? t('withdraw.unknown.explanation'),
    lookupFailure: submitError && submitError.code !== 'outcome_unknown' ? submitError : null,
  };
}
