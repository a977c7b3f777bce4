import type { Handlers } from '../../dispatch';
import type { SwapService } from './swap-service';

type SwapHandlers = Pick<
  Handlers,
  | 'swap.symbols'
  | 'swap.quote'
  | 'swap.confirm'
  | 'swap.execute'
  | 'swap.status'
  | 'swap.reconcile'
  | 'swap.cancel'
  | 'swap.unresolved'
  | 'swap.close'
  | 'swap.closed'
>;

export function createSwapHandlers(deps: { readonly swap: SwapService }): SwapHandlers {
  const { swap } = deps;
  return {
    'swap.symbols': () => swap.symbols(),
    'swap.quote': (input) => swap.quote(input),
    'swap.confirm': (input) => swap.confirm(input),
    'swap.execute': (input) => swap.execute(input),
    'swap.status': ({ intentId }) => swap.status(intentId),
    'swap.reconcile': ({ intentId }) => swap.reconcile(intentId),
    'swap.cancel': ({ intentId }) => swap.cancel(intentId),
    'swap.unresolved': () => swap.unresolved(),
    'swap.close': ({ intentIds, warning }) => swap.close({ intentIds, warning }),
    'swap.closed': () => swap.closed(),
  };
}
