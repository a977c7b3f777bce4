import type { z } from 'zod';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import type { Logger } from '../logging/logger';
import { anyEnvelope, envelopeOf, type AnyEnvelope } from './envelope';

/**
 * The one way main puts a request on the wire and reads what came back: a timeout, no redirect followed,
 * the body read up to a bound, as JSON, Retry-After kept, and the rule that a money move that got no
 * answer, or an answer the app cannot read, has an unknown outcome. The service clients (Interface A and
 * B) and the address checks call createHttpCaller; openid-client gets libraryFetch as its custom fetch.
 * What an error answer means stays with each caller (interface-a-errors.ts, interface-b-errors.ts).
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
  /**
   * A redirect is never followed (it could carry the token or the key header to another host): by default
   * it fails the call like no answer; 'manual' hands the redirect answer back as it is (a probe that only
   * asks whether anything answers).
   */
  readonly redirect?: 'error' | 'manual';
  /**
   * The caller's stop (an export cancelled): it ends the call whether or not the answer has begun, and the
   * call rejects with its reason. Never given for a money move, whose answer must be waited for.
   */
  readonly signal?: AbortSignal;
}

/**
 * Words for people: a text, or a function that writes it when the error is made, so it is in the language
 * chosen at that moment rather than the one at start.
 */
export type Words = string | (() => string);

function wordsNow(words: Words): string {
  return typeof words === 'string' ? words : words();
}

/** Each interface's own words for a call that got no answer. */
export interface NoAnswerWords {
  /** Names the client in the log: "interface A", "interface B". */
  readonly logName: string;
  readonly moneyMoveUnknown: Words;
  readonly timedOut: Words;
  readonly unreachable: Words;
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
  const envelope = anyEnvelope().safeParse(json);
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
 * The refusal of an answer past the bytes the app reads. Asking again gets the same answer and reads it again,
 * up to the bound each time, so a read that retries (fetch-with-retry.ts) gives up at the first.
 */
export class AnswerTooLarge extends AppError {
  constructor(message: string) {
    super('service_error', message);
  }
}

/**
 * The most any answer may be, unless its call passes its own reader (a history page, with limits of its own
 * in transactions-answer-limits.ts): the largest answer the spec describes (a wallet list, swap symbols) is a few
 * kilobytes, so this only stops a hostile or broken service from filling main's memory.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The whole body as JSON, refused in words past MAX_ANSWER_BYTES; for answers that move no money. */
export const readWhole: AnswerReader = readWholeUpTo(
  MAX_ANSWER_BYTES,
  () => new AnswerTooLarge(t('mainService.answerTooLarge')),
);

/**
 * The body is counted as it arrives and the read stops (the connection dropped) once it passes `maxBytes`,
 * so however much the service sends, at most `maxBytes` are kept (twice that for a moment, while the buffer
 * grows), and one network chunk beside them. The refusal is
 * `tooLarge()`, passed on as it is. Content-Length is not trusted either way: it may be absent, wrong, or
 * describe compressed bytes.
 */
export function readWholeUpTo(maxBytes: number, tooLarge: () => unknown): AnswerReader {
  return async (response) => {
    const bytes = await readBytesUpTo(response, maxBytes, () => new ReaderFailure(tooLarge()));
    return answerOfText(response, new TextDecoder().decode(bytes));
  };
}

/**
 * The body's bytes, counted as they arrive; past `maxBytes` the read stops and `tooLarge()` is thrown, and once
 * `signal` is aborted it stops with the signal's reason. The bytes go into one buffer that doubles as it fills:
 * kept as the pieces the network delivered, a body sent a byte at a time held an object per byte.
 */
export async function readBytesUpTo(
  response: Response,
  maxBytes: number,
  tooLarge: () => unknown,
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = response.body.getReader();
  // Content-Length only sizes the first buffer, up to 1 MiB (the bytes counted as they come are what limits,
  // and a length claimed is no length sent): a body of the length it says then fills one buffer, no copy.
  const declared = Number(response.headers.get('content-length'));
  const first = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxBytes, 1024 * 1024) : 0;
  let buffer = new Uint8Array(new ArrayBuffer(first));
  let bytes = 0;
  // A body that stalls gives no next piece to look at the signal after: the stop cancels the read it waits on.
  const stop = (): void => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    signal?.throwIfAborted();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      signal?.throwIfAborted();
      if (bytes + chunk.value.byteLength > maxBytes) throw tooLarge();
      if (bytes + chunk.value.byteLength > buffer.byteLength) {
        const grown = new Uint8Array(
          new ArrayBuffer(
            Math.min(maxBytes, Math.max(2 * buffer.byteLength, bytes + chunk.value.byteLength, 64 * 1024)),
          ),
        );
        grown.set(buffer.subarray(0, bytes));
        buffer = grown;
      }
      buffer.set(chunk.value, bytes);
      bytes += chunk.value.byteLength;
    }
    // A read the stop cancelled ends as if the body had.
    signal?.throwIfAborted();
  } finally {
    signal?.removeEventListener('abort', stop);
    // After a refusal or a stop, whatever the service is still sending is dropped with the connection.
    await reader.cancel().catch(() => undefined);
  }
  return buffer.subarray(0, bytes);
}

export interface LibraryFetchOptions {
  readonly fetch?: typeof fetch;
  /** The most an answer may be; MAX_ANSWER_BYTES unless the caller knows its answers are smaller. */
  readonly maxBytes?: number;
  /** The refusal once an answer passes maxBytes, passed on as it is. */
  readonly tooLarge?: () => unknown;
  /** Sees each answer before its body is read (the Date header, for the service clock). */
  readonly onAnswer?: (response: Response) => void;
}

/** The fetch a library that builds its own requests is given: the same signature as fetch. */
export type LibraryFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Statuses whose answer has no body by definition (a Response with one cannot be made). */
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch for openid-client (its customFetch): its requests keep their own method, headers and timeout
 * signal, but never follow a redirect, and the answer is read whole up to a bound before the library sees
 * it, so a hostile sign-in server cannot fill main's memory either.
 */
export function libraryFetch(options: LibraryFetchOptions = {}): LibraryFetch {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
  const tooLarge = options.tooLarge ?? (() => new AnswerTooLarge(t('mainService.answerTooLarge')));
  return async (url, init) => {
    const response = await doFetch(url, { ...init, redirect: init.redirect === 'manual' ? 'manual' : 'error' });
    options.onAnswer?.(response);
    const bytes = await readBytesUpTo(response, maxBytes, tooLarge);
    const body = NO_BODY_STATUSES.has(response.status) ? null : bytes;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

export function createHttpCaller(options: HttpCallerOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const { words, logger } = options;

  /** Sends once and reads the answer; no answer becomes `outcome_unknown` on a money move, else `network`. */
  return async function request(call: ServiceRequest, read?: AnswerReader): Promise<ServiceAnswer> {
    if (call.movesMoney && call.signal)
      throw new TypeError('a money move is never stopped while its answer is awaited');
    // Stopped already: nothing is sent.
    call.signal?.throwIfAborted();
    const started = Date.now();
    // An answer to a money move that is too large to read is an answer the app cannot read: the move may
    // have happened, so its outcome is unknown, never "refused".
    const readAnswer =
      read ??
      (call.movesMoney
        ? readWholeUpTo(MAX_ANSWER_BYTES, () => new AppError('outcome_unknown', wordsNow(words.moneyMoveUnknown)))
        : readWhole);
    // A timer cleared as soon as the answer is read, not AbortSignal.timeout: Node keeps a timeout signal
    // that has listeners (fetch adds one) alive until it fires, and with it the whole request and answer,
    // so a history export would hold every page of the last 20 s.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('the service took too long to answer', 'TimeoutError')),
      timeoutMs,
    );
    // A listener removed once the call ends rather than AbortSignal.any: the caller's signal may outlive the
    // call (an export's outlives every page), and must not keep each request alive.
    const { signal: stop } = call;
    const stopped = (): void => controller.abort(stop?.reason);
    stop?.addEventListener('abort', stopped, { once: true });
    try {
      const response = await doFetch(call.url, {
        method: call.method,
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        signal: controller.signal,
        redirect: call.redirect ?? 'error',
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
      // The caller's own stop is no lost answer: it goes back as it was, and is no failure to log.
      if (stop?.aborted) throw stop.reason;
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      logger?.warn(`${words.logName} call failed without an answer`, {
        ...call.logFields,
        timedOut,
        ms: Date.now() - started,
        reason: error instanceof Error ? describeCause(error) : 'unknown',
      });
      if (call.movesMoney) throw new AppError('outcome_unknown', wordsNow(words.moneyMoveUnknown), { cause: error });
      throw new AppError('network', wordsNow(timedOut ? words.timedOut : words.unreachable), { cause: error });
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', stopped);
    }
  };
}

/** Each interface's words for a success answer whose data does not match the contract. */
export interface UnreadableWords {
  readonly logName: string;
  readonly moneyMoveUnknown: Words;
  readonly unreadable: Words;
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
  if (call.movesMoney) throw new AppError('outcome_unknown', wordsNow(words.moneyMoveUnknown));
  throw new AppError('service_error', wordsNow(words.unreadable));
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
