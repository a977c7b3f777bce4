import type { UnresolvedWithdrawal, WithdrawReview } from '../../../../src-preload/contract/withdraw';
import type { BridgeError } from '../../../../src-preload/result';
import { shortAddress } from '../../format/short-address';
import type { AmountText } from '../../format/amounts';
import { assetLabel } from './merchant-options';

/**
 * Withdrawals in words, composed here from the structured list so amounts follow the display locale
 * ("0,0006 BTC" in de-DE) and the privacy mask (`amountText` from useAmountText): amount, asset, destination
 * and merchant transaction id.
 */
export function withdrawalWords(
  { review: intent, status }: UnresolvedWithdrawal,
  address: 'full' | 'short',
  amountText: AmountText,
): string {
  const to = address === 'full' ? intent.address : shortAddress(intent.address);
  const still = status.state === 'in-flight' ? ', still being sent' : '';
  return `${amountText(intent.amount, intent.code)} (${assetLabel(intent.code)}) to ${to} (merchant transaction id ${intent.merchantTransactionId}${still})`;
}

/** The warning above a new withdrawal: names every unsettled one in full. */
export function unsettledWarning(list: readonly UnresolvedWithdrawal[], amountText: AmountText): string {
  const which = list.length === 1 ? 'An earlier withdrawal' : 'Earlier withdrawals';
  return `${which} may already have gone through: ${named(list, 'full', amountText)}. A new withdrawal could pay twice.`;
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
  return more === 1 ? `${words}, and 1 more listed above` : `${words}, and ${more} more listed above`;
}

/** The acknowledgement's label: the same withdrawals, addresses shortened, so the box says what it accepts. */
export function acknowledgementLabel(
  list: readonly UnresolvedWithdrawal[],
  action: string,
  amountText: AmountText,
): string {
  const which = named(list, 'short', amountText);
  return list.length === 1
    ? `I understand the earlier withdrawal of ${which} may have gone through: ${action}`
    : `I understand the earlier withdrawals of ${which} may have gone through: ${action}`;
}

/** "withdrawal of 0.02 ETH", as the lists of unsettled and closed withdrawals name one. */
export function withdrawalOf(review: WithdrawReview, amountText: AmountText): string {
  return `withdrawal of ${amountText(review.amount, review.code)}`;
}

const UNKNOWN_EXPLANATION =
  'The service gave no clear answer, so it is not known whether this withdrawal went through: the money may have moved. Nothing will be sent again automatically.';

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
    explanation: unknownReason?.message ?? UNKNOWN_EXPLANATION,
    lookupFailure: submitError && submitError.code !== 'outcome_unknown' ? submitError : null,
  };
}
