import type { Handlers } from '../../dispatch';
import type { Payouts } from './payouts-service';

type PayoutHandlers = Pick<
  Handlers,
  | 'payouts.check'
  | 'payouts.save'
  | 'payouts.list'
  | 'payouts.get'
  | 'payouts.remove'
  | 'payouts.export'
  | 'payouts.import'
  | 'payouts.deskRule'
  | 'payouts.setDeskRule'
  | 'payouts.executeRow'
  | 'payouts.checkRow'
  | 'payouts.skipRow'
  | 'payouts.results'
>;

/**
 * The payouts slice of the bridge. Every handler reads the session first, so locked or signed out nothing
 * is seen or changed; the two-factor code goes from the argument to the row's one request only.
 */
export function createPayoutHandlers(deps: { readonly payouts: Payouts }): PayoutHandlers {
  const { payouts } = deps;
  return {
    'payouts.check': (input) => payouts.check(input),
    'payouts.save': (input) => payouts.save(input),
    'payouts.list': () => payouts.list(),
    'payouts.get': ({ draftId }) => payouts.get(draftId),
    'payouts.remove': ({ draftId }) => payouts.remove(draftId),
    'payouts.export': ({ draftId }) => payouts.export(draftId),
    'payouts.import': ({ lines }) => payouts.import(lines.join('\n')),
    'payouts.deskRule': () => payouts.deskRule(),
    'payouts.setDeskRule': ({ separateApprover }) => payouts.setDeskRule(separateApprover),
    'payouts.executeRow': (input) => payouts.executeRow(input),
    'payouts.checkRow': ({ draftId, reference }) => payouts.checkRow(draftId, reference),
    'payouts.skipRow': ({ draftId, reference }) => payouts.skipRow(draftId, reference),
    'payouts.results': ({ draftId }) => payouts.results(draftId),
  };
}
