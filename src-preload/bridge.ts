import type { EventName, OperationName } from './contract';
import type { ContractNames } from './channels';
import type { InputIssueId } from './input-issues';
import type { WalletApi } from './wallet-api';

/**
 * The message of a call that got no answer, as its catalogue id: the preload carries no catalogue, so the
 * window puts it in the user's language (src-renderer/src/bridge.ts).
 */
export const NO_ANSWER: InputIssueId = 'inputIssues.noAnswer';

/** How bridge calls travel: IPC inside Electron, loopback HTTP in the browser test harness. */
export interface BridgeTransport {
  invoke(operation: OperationName, input: unknown): Promise<unknown>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.wallet` by looping over the contract's names, so no channel name is typed by hand and
 * the renderer can reach nothing the contract does not name. The names come in as data so the preload
 * does not have to load the contract's zod schemas: main validates every call anyway.
 */
export function createWalletApi(transport: BridgeTransport, names: ContractNames): WalletApi {
  const domains: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of names.operations) {
    const [domain, action] = name.split('.') as [string, string];
    const actions = (domains[domain] ??= {});
    // A call that never got an answer (IPC torn down, the harness gone) resolves to an error like every
    // other failure, so no screen shows a transport's own message or waits forever.
    actions[action] = (input?: unknown) =>
      transport.invoke(name, input).catch(() => ({ ok: false, error: { code: 'internal', message: NO_ANSWER } }));
  }
  for (const actions of Object.values(domains)) Object.freeze(actions);

  const knownEvents: ReadonlySet<string> = new Set(names.events);
  const on = (event: unknown, listener: unknown): (() => void) => {
    if (typeof event !== 'string' || !knownEvents.has(event)) {
      throw new TypeError(`Unknown event: ${String(event)}. Known: ${names.events.join(', ')}`);
    }
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return transport.subscribe(event as EventName, (payload) => (listener as (p: unknown) => void)(payload));
  };
  return Object.freeze({ ...domains, on }) as unknown as WalletApi;
}
