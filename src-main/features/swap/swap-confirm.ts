import Decimal from 'decimal.js';
import { t } from '../../i18n/main-text';
import { amountWords } from '../money/amount-words';
import type { SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { AppError } from '../../app-error';
import type { InterfaceAClient } from '../../service/interface-a';
import { decimalText as text, fromServiceNumber } from '../../service/wire-amount';
import { userAccounts } from '../money/money-session';
import { rowKey, swapLookalikes, swapSourceCode } from './find-swap';
import {
  ownSwap,
  swapAudience,
  swapStatusOf,
  type StoredQuote,
  type SwapConfirmInput,
  type SwapContext,
} from './swap-context';

/** A swap's confirmation has no choices of its own: every second click joins the first. */
const SAME_CHOICES = '';

/**
 * No two-factor code is spent on a swap that must fail: the wallet of the chosen
 * source network must hold the quoted amount. Read now, since the quote's moment has passed.
 */
async function requireFunds(client: InterfaceAClient, quote: SwapQuote): Promise<void> {
  const code = swapSourceCode(quote);
  const { wallets } = await client.getWallets();
  const wallet = wallets.find((candidate) => candidate.symbol.toUpperCase() === code.toUpperCase());
  if (!wallet) return;
  const held = fromServiceNumber(wallet.amount);
  if (held.lessThan(quote.cryptoAmount)) {
    throw new AppError(
      'insufficient_balance',
      t('mainSwap.shortAmount', {
        amount: amountWords(quote.cryptoAmount),
        code: quote.fromSymbol,
        network: quote.fromNetwork,
        held: amountWords(text(held)),
      }),
      { field: 'amount' },
    );
  }
}

async function createIntent(context: SwapContext, stored: StoredQuote, input: SwapConfirmInput): Promise<SwapReview> {
  const { deps, machine, quotes } = context;
  quotes.requireLive(stored);
  // security.md 27: an earlier swap may already have gone through, or still be on its way (a lock or a
  // reload hides it from the window); a new one only with the user's word.
  const user = userAccounts(deps.session);
  const audience = swapAudience(user);
  machine.requireAcknowledged(audience, input.acknowledgedIntentIds);
  const client = deps.session.interfaceA();
  await requireFunds(client, stored.view);
  // The equal rows already in the history are not this swap, whatever a later look-up finds.
  const prior = await swapLookalikes(client, stored.request, new Decimal(stored.view.cryptoAmount));
  quotes.requireSameAccount(stored.accountGuid);
  quotes.requireLive(stored);
  // The machine checks again after the waits: a swap may have been lost meanwhile.
  const intent = machine.confirm(
    {
      accountGuid: stored.accountGuid,
      userGuid: user.userGuid,
      request: stored.request,
      cryptoAmount: stored.view.cryptoAmount,
      toAmount: stored.view.toAmount,
      expiresAtMs: stored.expiresAtMs,
      confirmedAtMs: context.now(),
      priorRows: prior.map(rowKey).slice(0, 100),
    },
    { audience, acknowledged: input.acknowledgedIntentIds },
  );
  const review: SwapReview = { ...stored.view, intentId: intent.id, referenceId: intent.referenceId };
  context.reviews.set(intent.id, review);
  deps.logger.info('swap confirmed', {
    referenceId: intent.referenceId,
    from: stored.request.fromSymbol,
    to: stored.request.toSymbol,
  });
  return review;
}

/**
 * Fixes the reference id and freezes the quoted body (one intent per quote), after checking the source
 * wallet covers it. Refused while a swap of this account has an unknown outcome not acknowledged.
 */
export async function confirmSwap(context: SwapContext, input: SwapConfirmInput): Promise<SwapReview> {
  context.deps.session.requireMoneyMovingRole('swap');
  return context.quotes.confirm(input.quoteId, SAME_CHOICES, (stored) => createIntent(context, stored, input));
}

/**
 * Gives up a confirmed swap that was not sent, or that the service refused (its quote was refreshed, or
 * the user went back to the form): it can never be sent afterwards. One that may have moved money is
 * refused (outcome_unknown, in_flight) and stays as it is.
 */
export function cancelSwap(context: SwapContext, intentId: string): SwapStatus {
  context.quotes.requireSameAccount(ownSwap(context, intentId).body.accountGuid);
  const cancelled = context.machine.cancel(intentId);
  context.quotes.dropConfirmed((review) => review.intentId === intentId);
  if (cancelled.state === 'cancelled')
    context.deps.logger.info('swap cancelled', { referenceId: cancelled.referenceId });
  return swapStatusOf(context, cancelled);
}
