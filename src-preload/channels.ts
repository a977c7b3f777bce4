import type { EventName, OperationName } from './contract';

/**
 * IPC channel names are derived, never typed by hand. Kept apart from the zod schemas so the preload
 * can use them without loading the contract's validators.
 */
export function invokeChannel(name: OperationName): string {
  return `wallet:invoke:${name}`;
}

export function eventChannel(name: EventName): string {
  return `wallet:event:${name}`;
}

/** The contract's operation and event names, as the preload receives them at build time. */
export interface ContractNames {
  readonly operations: readonly OperationName[];
  readonly events: readonly EventName[];
}
