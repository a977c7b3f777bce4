import type { z } from 'zod';
import { AppError } from '../app-error';
import type { Logger } from '../logging/logger';
import { AnyEnvelope, envelopeOf } from './envelope';

/**
 * The one way both service clients (Interface A and Interface B) put a request on the wire and read what
 * came back: a timeout, no redirects, the body read as JSON, Retry-After kept, and the rule that a
 * money move that got no answer, or an answer the app cannot read, has an unknown outcome. What an error
 * answer means stays with each interface (interface-a-errors.ts, interface-b-errors.ts).
 */

/** What came back, before any interpretation. */
export interface ServiceAnswer {
  readonly status: number;
  readonly retryAfter: string | null;
  /** The envelope (spec 2.1) when the body has one, success or not. */
  readonly envelope: AnyEnvelope | null;
  /** The parsed body; null when it was empty or not JSON. */
  readonly json: unknown;
}

export interface ServiceRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The exact text sent (Interface B signs these bytes). */
  readonly body?: string;
  /** A lost answer to a money move is an unknown outcome, never "try again". */
  readonly movesMoney: boolean;
  /** What the log says about the call besides status and time (method, path); never secrets. */
  readonly logFields: Readonly<Record<string, unknown>>;
}

/** Each interface's own words for a call that got no answer. */
export interface NoAnswerWords {
  /** Names the client in the log: "interface A", "interface B". */
  readonly logName: string;
  readonly moneyMoveUnknown: string;
  readonly timedOut: string;
  readonly unreachable: string;
}

export interface HttpCallerOptions {
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
  readonly words: NoAnswerWords;
}

/** Reads a response into an answer; the default reads it whole. */
export type AnswerReader = (response: Response) => Promise<ServiceAnswer>;

/**
 * An error a reader's own consumer raised (a streamed item refused, a write that failed): it is no lost
 * answer, so the caller gets `cause` as it was.
 */
export class ReaderFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('the consumer of a streamed answer failed');
  }
}

export const DEFAULT_TIMEOUT_MS = 20_000;

export function answerOf(response: Response, json: unknown): ServiceAnswer {
  const envelope = AnyEnvelope.safeParse(json);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    envelope: envelope.success ? envelope.data : null,
    json,
  };
}

/** The body's text as JSON; an empty body or one that is not JSON reads as null (an answer the app cannot read). */
function answerOfText(response: Response, text: string): ServiceAnswer {
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return answerOf(response, json);
}

/**
 * The most any answer may be, unless its call passes its own reader (a history page is read item by item,
 * with limits of its own): the largest answer the spec describes (a wallet list, swap symbols) is a few
 * kilobytes, so this only stops a hostile or broken service from filling main's memory.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const ANSWER_TOO_LARGE = 'The service sent an answer too large for the app to read.';

/** The whole body as JSON, refused in words past MAX_ANSWER_BYTES; for answers that move no money. */
export const readWhole: AnswerReader = readWholeUpTo(
  MAX_ANSWER_BYTES,
  () => new AppError('service_error', ANSWER_TOO_LARGE),
);

/**
 * The body is counted as it arrives and the read stops (the connection dropped) once it passes `maxBytes`,
 * so however much the service sends, at most `maxBytes` and one network chunk are held. The refusal is
 * `tooLarge()`, passed on as it is. Content-Length is not trusted either way: it may be absent, wrong, or
 * describe compressed bytes.
 */
export function readWholeUpTo(maxBytes: number, tooLarge: () => unknown): AnswerReader {
  return async (response) => {
    if (!response.body) return answerOfText(response, '');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parts: string[] = [];
    let bytes = 0;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
        if (bytes > maxBytes) throw new ReaderFailure(tooLarge());
        parts.push(decoder.decode(chunk.value, { stream: true }));
      }
      parts.push(decoder.decode());
    } finally {
      // After a refusal, whatever the service is still sending is dropped with the connection.
      await reader.cancel().catch(() => undefined);
    }
    return answerOfText(response, parts.join(''));
  };
}

export function createHttpCaller(options: HttpCallerOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const { words, logger } = options;

  /** Sends once and reads the answer; no answer becomes `outcome_unknown` on a money move, else `network`. */
  return async function request(call: ServiceRequest, read?: AnswerReader): Promise<ServiceAnswer> {
    const started = Date.now();
    // An answer to a money move that is too large to read is an answer the app cannot read: the move may
    // have happened, so its outcome is unknown, never "refused".
    const readAnswer =
      read ??
      (call.movesMoney
        ? readWholeUpTo(MAX_ANSWER_BYTES, () => new AppError('outcome_unknown', words.moneyMoveUnknown))
        : readWhole);
    // A timer cleared as soon as the answer is read, not AbortSignal.timeout: Node keeps a timeout signal
    // that has listeners (fetch adds one) alive until it fires, and with it the whole request and answer,
    // so a history export would hold every page of the last 20 s.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The service took too long to answer.', 'TimeoutError')),
      timeoutMs,
    );
    try {
      const response = await doFetch(call.url, {
        method: call.method,
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        signal: controller.signal,
        // A redirect could carry the token or the key header to another host.
        redirect: 'error',
      });
      const answer = await readAnswer(response);
      logger?.debug(`${words.logName} call`, {
        ...call.logFields,
        status: response.status,
        ms: Date.now() - started,
      });
      return answer;
    } catch (error) {
      if (error instanceof ReaderFailure) throw error.cause;
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      logger?.warn(`${words.logName} call failed without an answer`, {
        ...call.logFields,
        timedOut,
        ms: Date.now() - started,
        reason: error instanceof Error ? describeCause(error) : 'unknown',
      });
      if (call.movesMoney) throw new AppError('outcome_unknown', words.moneyMoveUnknown, { cause: error });
      throw new AppError('network', timedOut ? words.timedOut : words.unreachable, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Each interface's words for a success answer whose data does not match the contract. */
export interface UnreadableWords {
  readonly logName: string;
  readonly moneyMoveUnknown: string;
  readonly unreadable: string;
}

/**
 * The data of a success answer, checked with its zod schema. An answer that does not match is never
 * half-used: on a money move it leaves the outcome unknown (the money may have moved), elsewhere it is a
 * `service_error`. Only field paths go to the log, never values.
 */
export function successData<T extends z.ZodType>(
  schema: T,
  answer: ServiceAnswer,
  call: { readonly path: string; readonly movesMoney: boolean },
  words: UnreadableWords,
  logger: Logger | undefined,
): z.output<T> {
  const parsed = envelopeOf(schema).safeParse(answer.json);
  if (parsed.success) return (parsed.data as { data: z.output<T> }).data;
  logger?.warn(`${words.logName} answer does not match the contract`, {
    path: call.path,
    issues: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  if (call.movesMoney) throw new AppError('outcome_unknown', words.moneyMoveUnknown);
  throw new AppError('service_error', words.unreadable);
}

const DEFAULT_RETRY_AFTER_SECONDS = 10;

/** Retry-After (RFC 9110 10.2.3) as seconds from now: delay-seconds or an HTTP date, capped at an hour. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number {
  if (header === null) return DEFAULT_RETRY_AFTER_SECONDS;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 3600);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(Math.max(0, Math.ceil((date - now) / 1000)), 3600);
}

function describeCause(error: Error): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}${cause}`.slice(0, 200);
}
