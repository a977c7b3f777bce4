import type { SwapOutcome } from '../../../src-preload/contract/swap';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { InterfaceAClient } from '../../service/interface-a';
import { fromServiceNumber } from '../../service/wire-amount';
import { classifyMoneyError, explainRefusal } from '../money/money-errors';
import { userAccounts } from '../money/money-session';
import type { SwapBody } from './swap-body';
import { ownSwap, swapAudience, type SwapContext } from './swap-context';
import { traceSwap } from './swap-lookup';

/**
 * POST /swap recomputes the amounts at the moment it runs (spec 4.1 #11 takes the precheck's body), so
 * just before sending, the quote is checked again: if the user would now send more or receive less than
 * the review showed, nothing is sent and a new quote is needed.
 */
async function requireQuoteStillHolds(context: SwapContext, client: InterfaceAClient, body: SwapBody): Promise<void> {
  let fresh;
  try {
    fresh = await client.swapPrecheck(body.request);
  } catch (error) {
    throw error instanceof AppError ? explainRefusal(error, context.role) : error;
  }
  const sends = fromServiceNumber(fresh.cryptoAmount);
  const receives = fromServiceNumber(fresh.toAmount);
  if (sends.greaterThan(body.cryptoAmount) || receives.lessThan(body.toAmount)) {
    context.deps.logger.info('swap quote moved before execution', {
      from: body.request.fromSymbol,
      to: body.request.toSymbol,
    });
    throw new AppError('stale_precheck', t('mainSwap.priceMoved'));
  }
}

/** The one POST /swap of an attempt, its answer read as the swap's outcome or an unknown one. */
async function postSwap(
  context: SwapContext,
  client: InterfaceAClient,
  body: SwapBody,
  referenceId: string,
  tfaCode: string,
): Promise<SwapOutcome> {
  const { deps } = context;
  try {
    const result = await client.swap(body.request, tfaCode);
    const hasErrorCode =
      result.errorCode !== null && result.errorCode !== undefined && result.errorCode !== '' && result.errorCode !== 0;
    if (hasErrorCode || result.statusCode < 200 || result.statusCode > 299) {
      // The meaning of errorCode is not specified (spec 4.1 #11): whether anything moved is unknown.
      throw new AppError(
        'outcome_unknown',
        hasErrorCode
          ? t('mainSwap.answeredStatusError', { status: String(result.statusCode), error: String(result.errorCode) })
          : t('mainSwap.answeredStatus', { status: String(result.statusCode) }),
      );
    }
    // Its history row is this swap's: no look-up for another swap may take it (security.md 27).
    context.claimed.add(result.swapReferenceId);
    return {
      swapReferenceId: result.swapReferenceId,
      address: result.address,
      sendResult: result.sendResult
        ? { txId: result.sendResult.txId, explorerUrl: result.sendResult.explorerUrl }
        : null,
    };
  } catch (error) {
    const classified = classifyMoneyError(error, context.role);
    deps.logger.warn('swap not confirmed by the service', { referenceId, error: classified.code });
    throw classified;
  }
}

/** Executes a confirmed swap with the user's two-factor code, at most once (security.md 21-26). */
export async function submitSwap(
  context: SwapContext,
  intentId: string,
  tfaCode: string,
  acknowledgedIntentIds: readonly string[] | undefined,
): Promise<SwapOutcome> {
  const { deps, quotes } = context;
  deps.session.requireMoneyMovingRole('swap');
  const intent = ownSwap(context, intentId);
  quotes.requireSameAccount(intent.body.accountGuid);
  // A stored success is returned by the ledger whatever the time; only new attempts need a live quote.
  if (intent.state === 'confirmed' || intent.state === 'refused') quotes.requireLive(intent.body);
  const client = deps.session.interfaceA();
  if (intent.state === 'confirmed' || intent.state === 'refused')
    await requireQuoteStillHolds(context, client, intent.body);
  // After the last wait, the machine checks in the same turn as the swap leaves that every
  // other swap unsettled now was acknowledged for this one.
  const audience = swapAudience(userAccounts(deps.session));
  return context.machine.submit(
    intentId,
    { audience, acknowledged: acknowledgedIntentIds, lookUp: (refused) => traceSwap(context, refused) },
    async (body, referenceId) => {
      context.sentAt.set(intentId, context.now());
      deps.logger.info('swap submitted', { referenceId, from: body.request.fromSymbol, to: body.request.toSymbol });
      return postSwap(context, client, body, referenceId, tfaCode);
    },
  );
}
