import type { Handlers } from '../../dispatch';
import type { SendService } from './send-service';

type SendHandlers = Pick<
  Handlers,
  | 'send.assets'
  | 'send.precheck'
  | 'send.confirm'
  | 'send.execute'
  | 'send.status'
  | 'send.reconcile'
  | 'send.unresolved'
  | 'send.close'
  | 'send.closed'
>;

/** The send slice of the bridge; the two-factor code goes from the argument to the one request only. */
export function createSendHandlers(deps: { readonly send: SendService }): SendHandlers {
  const { send } = deps;
  return {
    'send.assets': () => send.assets(),
    'send.precheck': (input) => send.precheck(input),
    'send.confirm': (input) => send.confirm(input),
    'send.execute': (input) => send.execute(input),
    'send.status': ({ intentId }) => send.status(intentId),
    'send.reconcile': ({ intentId }) => send.reconcile(intentId),
    'send.unresolved': () => send.unresolved(),
    'send.close': ({ intentIds, warning }) => send.close({ intentIds, warning }),
    'send.closed': () => send.closed(),
  };
}
