import type { DeskRule } from '../../../src-preload/contract/payouts';
import { AppError } from '../../app-error';
import { deskRuleView } from './draft-access';
import { reader, type PayoutContext } from './payout-context';
import { roleWords } from '../../i18n/service-words';
import { t } from '../../i18n/main-text';

export function readDeskRule(ctx: PayoutContext): DeskRule {
  const who = reader(ctx);
  return deskRuleView(who.active.guid, ctx.store.deskRule(who.active.guid));
}

/** The desk rule is changed only by a role that moves money in the active account (security.md 42). */
export async function changeDeskRule(ctx: PayoutContext, separateApprover: boolean): Promise<DeskRule> {
  const who = reader(ctx);
  if (!who.active.canMoveMoney) {
    throw new AppError(
      'forbidden',
      t('mainPayouts.roleCannotChangeRule', { role: roleWords(who.active.role), account: who.active.name }),
    );
  }
  const rule = { separateApprover, changedBy: who.user.name, changedAt: new Date(ctx.now()).toISOString() };
  await ctx.store.setDeskRule(who.active.guid, rule);
  ctx.deps.logger.info('payout desk rule changed', { separateApprover });
  return deskRuleView(who.active.guid, rule);
}
