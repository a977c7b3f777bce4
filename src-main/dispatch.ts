import type { z } from 'zod';
import { t } from './i18n/main-text';
import {
  events,
  isOperationName,
  operations,
  type EventName,
  type EventPayload,
  type OperationName,
  type OutputOf,
  type ParsedInputOf,
} from '../src-preload/contract';
import { fail, ok, type Result } from '../src-preload/result';
import { AppError } from './app-error';
import { describeIssuesForLog, inputIssueIds } from '../src-preload/input-issues';
import { firstIssueInWords } from './i18n/input-issue-words';

/** One handler per operation; a handler returns its value or throws AppError. */
export type Handlers = {
  [K in OperationName]: (
    input: ParsedInputOf<K>,
  ) => Promise<z.input<(typeof operations)[K]['output']>> | z.input<(typeof operations)[K]['output']>;
};

export type Dispatch = (operation: string, input: unknown) => Promise<Result<unknown>>;

export interface DispatchLogger {
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/**
 * The transport-free half of the bridge: argument parsing, the call, and result shaping. ipc.ts puts it
 * behind ipcMain; the test harness puts it behind loopback HTTP. Results are parsed too, which strips
 * any field the contract does not name, so nothing secret can ride along by accident.
 */
export function createDispatcher(handlers: Handlers, log: DispatchLogger): Dispatch {
  return async (operation, rawInput) => {
    if (!isOperationName(operation)) {
      log.warn('bridge call to an unknown operation', { operation: String(operation).slice(0, 80) });
      return fail({ code: 'unknown_operation', message: t('mainApp.bridge.unknownOperation') });
    }
    const spec = operations[operation];
    // Messages are in words for the person reading them; which operation and field refused goes to the log.
    const parsedInput = spec.input.safeParse(rawInput, { error: inputIssueIds });
    if (!parsedInput.success) {
      log.warn('bridge input refused', { operation, issues: describeIssuesForLog(parsedInput.error) });
      return fail({ code: 'bad_input', ...firstIssueInWords(parsedInput.error) });
    }
    try {
      const handler = handlers[operation] as (input: unknown) => unknown;
      const value = await handler(parsedInput.data);
      const parsedOutput = spec.output.safeParse(value);
      if (!parsedOutput.success) {
        log.error('bridge result does not match the contract', {
          operation,
          issues: describeIssuesForLog(parsedOutput.error),
        });
        return fail({ code: 'internal', message: t('mainApp.bridge.unexpectedResult') });
      }
      return ok(parsedOutput.data as OutputOf<typeof operation>);
    } catch (error) {
      if (error instanceof AppError) return fail(error.toBridgeError());
      log.error('bridge handler failed', { operation, error: error instanceof Error ? error.message : String(error) });
      return fail({ code: 'internal', message: t('mainApp.bridge.failed') });
    }
  };
}

/** Main-to-renderer events, checked against the contract before they leave. */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export function createEmitter(send: (event: EventName, payload: unknown) => void): EmitEvent {
  return (event, payload) => {
    send(event, events[event].parse(payload));
  };
}
