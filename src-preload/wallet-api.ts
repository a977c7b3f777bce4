import type { EventName, EventPayload, InputOf, OperationName, OutputOf } from './contract';
import type { Result } from './result';

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never;
type ActionsOf<D extends string> = {
  [K in OperationName as K extends `${D}.${infer A}` ? A : never]: undefined extends InputOf<K>
    ? (input?: InputOf<K>) => Promise<Result<OutputOf<K>>>
    : (input: InputOf<K>) => Promise<Result<OutputOf<K>>>;
};

/** The shape of `window.wallet`: `wallet.<domain>.<action>(input)` for every operation of the contract. */
export type WalletApi = { readonly [D in DomainOf<OperationName>]: Readonly<ActionsOf<D>> } & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};
