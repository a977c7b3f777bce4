/**
 * THE bridge contract: every operation the renderer may call and every event main may push, with the
 * zod schema of each argument and result. Main parses arguments and results with these schemas; the
 * preload generates `window.wallet` from the operation names; the renderer's types come from here.
 * Domain files in ./contract hold the definitions so each feature's surface reads in one place.
 */
import type { z } from 'zod';
import { addressBookOperations } from './contract/address-book';
import { alarmsEvents, alarmsOperations } from './contract/alarms';
import { appEvents, appOperations } from './contract/app';
import type { OperationSpec } from './contract/define';
import { environmentsOperations } from './contract/environments';
import { notificationsEvents, notificationsOperations } from './contract/notifications';
import { historyEvents, historyOperations } from './contract/history';
import { journalOperations } from './contract/journal';
import { merchantOperations } from './contract/merchant';
import { payoutsOperations } from './contract/payouts';
import { paymentRequestsOperations } from './contract/payment-requests';
import { portfolioOperations } from './contract/portfolio';
import { receiveOperations } from './contract/receive';
import { sendOperations } from './contract/send';
import { settleEvents, settleOperations } from './contract/settle';
import { sessionEvents, sessionOperations } from './contract/session';
import { swapOperations } from './contract/swap';
import { updatesEvents, updatesOperations } from './contract/updates';
import { withdrawOperations } from './contract/withdraw';

export const operations = {
  ...appOperations,
  ...sessionOperations,
  ...sendOperations,
  ...swapOperations,
  ...withdrawOperations,
  ...historyOperations,
  ...merchantOperations,
  ...portfolioOperations,
  ...receiveOperations,
  ...updatesOperations,
  ...environmentsOperations,
  ...addressBookOperations,
  ...notificationsOperations,
  ...alarmsOperations,
  ...settleOperations,
  ...journalOperations,
  ...payoutsOperations,
  ...paymentRequestsOperations,
} as const satisfies Record<`${string}.${string}`, OperationSpec>;

export const events = {
  ...appEvents,
  ...sessionEvents,
  ...historyEvents,
  ...updatesEvents,
  ...notificationsEvents,
  ...alarmsEvents,
  ...settleEvents,
} as const satisfies Record<`${string}.${string}`, z.ZodType>;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type EventName = keyof typeof events;

export type InputOf<K extends OperationName> = z.input<Operations[K]['input']>;
export type ParsedInputOf<K extends OperationName> = z.output<Operations[K]['input']>;
export type OutputOf<K extends OperationName> = z.output<Operations[K]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const operationNames = Object.keys(operations) as OperationName[];
export const eventNames = Object.keys(events) as EventName[];

export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.hasOwn(operations, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** What the build hands to the preload (see electron.vite.config.ts), derived from this contract. */
export const contractNames = { operations: operationNames, events: eventNames } as const;
