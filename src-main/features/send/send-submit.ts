import Decimal from 'decimal.js';
import type { SendOutcome } from '../../../src-preload/contract/send';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import { toServiceNumber } from '../../service/wire-amount';
import type { Intent } from '../money/at-most-once';
import { findInHistory } from '../money/find-in-history';
import type { RefusedTrace } from '../money/intent-machine';
import { classifyMoneyError } from '../money/money-errors';
import { clientForAccount, userAccounts } from '../money/money-session';
import { rowVerdict, verdictNote } from '../money/row-status';
import type { SendBody } from './send-body';
import { isReferenceRow, ownSend, sendAudience, type SendContext } from './send-context';

/**
 * What the account's history holds under a reference: the look-up a refused send gets before it goes
 * again (security.md 39).
 */
export async function traceSendReference(
  context: SendContext,
  accountGuid: string,
  referenceId: string,
): Promise<RefusedTrace<SendOutcome>> {
  const client = clientForAccount(context.deps.session, accountGuid);
  const item = await findInHistory(client, referenceId, (candidate) => isReferenceRow(referenceId, candidate));
  const verdict = item ? rowVerdict([item.status]) : null;
  context.deps.logger.info('refused send looked up before sending again', {
    referenceId,
    lookup: verdict ?? 'not_found',
  });
  if (item === null || verdict === null) return { kind: 'none' };
  if (verdict !== 'completed') return { kind: 'seen', note: verdictNote(verdict, 'send') };
  context.knownAddresses.forget(accountGuid);
  return { kind: 'moved', outcome: { referenceId, txId: item.txId ?? '', explorerUrl: null, status: item.status } };
}

/** Before a refused send goes again: any row under its reference is a trace (security.md 39). */
function traceOf(context: SendContext, intent: Intent<SendBody, SendOutcome>): Promise<RefusedTrace<SendOutcome>> {
  return traceSendReference(context, intent.body.accountGuid, intent.referenceId);
}

/** Sends a confirmed send with the user's two-factor code, at most once (security.md 21-26). */
export async function submitSend(
  context: SendContext,
  intentId: string,
  tfaCode: string,
  acknowledgedIntentIds: readonly string[] | undefined,
): Promise<SendOutcome> {
  const { deps, machine } = context;
  deps.session.requireMoneyMovingRole('send');
  const intent = ownSend(context, intentId);
  context.prechecks.requireSameAccount(intent.body.accountGuid);
  // A stored success is returned whatever the time; a new attempt must still match what was shown.
  if ((intent.state === 'confirmed' || intent.state === 'refused') && context.now() > intent.body.expiresAtMs) {
    throw new AppError('stale_precheck', t('mainSend.feesTooOld'));
  }
  const client = deps.session.interfaceA();
  // Whatever was acknowledged at confirmation, every other send unsettled now must have
  // been acknowledged for this one; the machine checks it in the same turn as the request leaves.
  const audience = sendAudience(userAccounts(deps.session));
  const outcome = await machine.submit(
    intentId,
    { audience, acknowledged: acknowledgedIntentIds, lookUp: (refused) => traceOf(context, refused) },
    async (body, referenceId, attempt) => {
      deps.logger.info('send submitted', { referenceId, asset: body.code, attempt });
      try {
        const result = await client.send(
          {
            symbol: body.code,
            address: body.address,
            amount: toServiceNumber(new Decimal(body.amount)),
            feeRate: body.feeRate,
            referenceId,
            ...(body.description === null ? {} : { description: body.description }),
          },
          tfaCode,
        );
        return { referenceId, txId: result.txId, explorerUrl: result.explorerUrl, status: null };
      } catch (error) {
        const classified = classifyMoneyError(error, context.role);
        deps.logger.warn('send not confirmed by the service', { referenceId, error: classified.code });
        throw classified;
      }
    },
  );
  context.knownAddresses.forget(intent.body.accountGuid);
  return outcome;
}
