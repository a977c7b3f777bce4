import { eventNames, isEventName, operationNames, type EventName, type OperationName } from './contract';
import type { WalletApi } from './wallet-api';

/** How bridge calls travel: IPC inside Electron, loopback HTTP in the browser test harness. */
export interface BridgeTransport {
  invoke(operation: OperationName, input: unknown): Promise<unknown>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.wallet` by looping over the contract, so no channel name is typed by hand and the
 * renderer can reach nothing the contract does not name.
 */
export function createWalletApi(transport: BridgeTransport): WalletApi {
  const domains: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of operationNames) {
    const [domain, action] = name.split('.') as [string, string];
    const actions = (domains[domain] ??= {});
    actions[action] = (input?: unknown) => transport.invoke(name, input);
  }
  for (const actions of Object.values(domains)) Object.freeze(actions);

  const on = (event: unknown, listener: unknown): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown event: ${String(event)}. Known: ${eventNames.join(', ')}`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return transport.subscribe(event, (payload) => (listener as (p: unknown) => void)(payload));
  };
  return Object.freeze({ ...domains, on }) as unknown as WalletApi;
}
