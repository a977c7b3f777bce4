import type { Handlers } from '../../dispatch';
import type { SettleRound } from './settle-round';

/** The settle round's slice of the bridge; the session's checks are the round's own (settle-round.ts). */
export function createSettleHandlers(deps: { readonly round: SettleRound }): Pick<Handlers, 'money.settleRound'> {
  return { 'money.settleRound': () => deps.round.round() };
}
