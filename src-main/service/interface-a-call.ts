import type { z } from 'zod';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import type { Logger } from '../logging/logger';
import { describeIssuesForLog, inputIssueIds } from '../../src-preload/input-issues';
import { firstIssueInWords } from '../i18n/input-issue-words';
import { errorForAnswer, isSpecUnauthorized, isUnauthorized } from './interface-a-errors';
import {
  createHttpCaller,
  successData,
  type AnswerReader,
  type NoAnswerWords,
  type ServiceAnswer,
  type UnreadableWords,
} from './http-call';

const NO_ANSWER: NoAnswerWords = {
  logName: 'interface A',
  moneyMoveUnknown: () => t('mainService.a.noAnswerMoneyUnknown'),
  timedOut: () => t('mainService.a.timedOut'),
  unreachable: () => t('mainService.a.unreachable'),
};

const UNREADABLE: UnreadableWords = {
  logName: 'interface A',
  moneyMoveUnknown: () => t('mainService.a.unreadableMoneyUnknown'),
  unreadable: () => t('mainService.a.unreadable'),
};

/** Interface A paths are prefixed /api/OAuth (spec 4.1). */
export const INTERFACE_A_PREFIX = '/api/OAuth';

/** What the client needs from the token manager; it never holds tokens itself. */
export interface InterfaceAAuth {
  /** A currently valid access token (refreshed ahead of expiry by the token manager). */
  getAccessToken(): Promise<string>;
  /**
   * Called once after a 401 with the token that was refused. Resolves to a fresh token, or throws
   * AppError('session_expired') when the session cannot be renewed.
   */
  refreshAfter401(refusedToken: string): Promise<string>;
}

export interface InterfaceAClientOptions {
  /** Interface A host, e.g. https://service.example (without /api/OAuth). */
  readonly baseUrl: string;
  readonly auth: InterfaceAAuth;
  /** The active account, sent as X-Account-Guid on every call but GET /session. */
  readonly accountGuid: string | null;
  readonly timeoutMs?: number;
  readonly logger?: Logger;
  readonly fetch?: typeof fetch;
}

export interface Call<T extends z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly result: T;
  readonly body?: unknown;
  readonly needsAccount: boolean;
  /** Send and swap: a lost answer means "outcome unknown", never "try again". */
  readonly movesMoney: boolean;
  readonly twoFactorCode?: string;
  /** Ends the call, answer begun or not (ServiceRequest.signal); never for a money move. */
  readonly signal?: AbortSignal;
}

/** One Interface A request, its token, its one renewal after a 401 and its answer's reading. */
export interface InterfaceACaller {
  call<T extends z.ZodType>(spec: Call<T>, read?: AnswerReader): Promise<z.output<T>>;
  /** A request body checked against its schema before anything is sent; bad input is refused in words. */
  requireBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S>;
}

interface Sender {
  readonly root: string;
  readonly request: ReturnType<typeof createHttpCaller>;
}

function sendWithToken<T extends z.ZodType>(
  sender: Sender,
  spec: Call<T>,
  headers: Record<string, string>,
  token: string,
  read: AnswerReader | undefined,
): Promise<ServiceAnswer> {
  return sender.request(
    {
      method: spec.method,
      url: `${sender.root}${spec.path}`,
      headers: { ...headers, Authorization: `Bearer ${token}` },
      ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
      movesMoney: spec.movesMoney,
      logFields: { method: spec.method, path: spec.path },
      ...(spec.signal === undefined ? {} : { signal: spec.signal }),
    },
    read,
  );
}

/**
 * A money-moving request refused for its token: the session is renewed for the next confirmation, but
 * the request is never sent again by itself, since a two-factor code is good for one request only
 * (security 21) and the user confirms again.
 */
async function refusedForToken(auth: InterfaceAAuth, token: string): Promise<never> {
  try {
    await auth.refreshAfter401(token);
  } catch (cause) {
    throw new AppError('session_expired', t('mainService.a.sessionExpiredNothingSent'), { cause });
  }
  throw new AppError('session_expired', t('mainService.a.sessionRenewedNothingSent'));
}

function interpret<T extends z.ZodType>(spec: Call<T>, answer: ServiceAnswer, logger: Logger | undefined): z.output<T> {
  const code = answer.envelope?.code ?? answer.status;
  const httpOk = answer.status >= 200 && answer.status < 300;
  if (httpOk && code === 200) return successData(spec.result, answer, spec, UNREADABLE, logger);
  throw errorForAnswer(answer, spec.movesMoney);
}

function headersFor<T extends z.ZodType>(spec: Call<T>, accountGuid: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (spec.needsAccount) {
    if (!accountGuid) throw new AppError('not_signed_in', t('mainService.a.noAccountSelected'));
    headers['X-Account-Guid'] = accountGuid;
  }
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  if (spec.twoFactorCode !== undefined) headers.TFA = spec.twoFactorCode;
  return headers;
}

export function createInterfaceACaller(options: InterfaceAClientOptions): InterfaceACaller {
  const sender: Sender = {
    root: `${options.baseUrl.replace(/\/+$/, '')}${INTERFACE_A_PREFIX}`,
    request: createHttpCaller({
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      words: NO_ANSWER,
    }),
  };

  async function call<T extends z.ZodType>(spec: Call<T>, read?: AnswerReader): Promise<z.output<T>> {
    const headers = headersFor(spec, options.accountGuid);
    const token = await options.auth.getAccessToken();
    let response = await sendWithToken(sender, spec, headers, token, read);
    if (spec.movesMoney) {
      // Only spec 7.1's own 401 proves the token check refused the request before anything moved; any
      // other 401 (another message, a status and envelope that disagree, data) may be the service's word
      // for something else, so it is left to interpret() and makes the outcome unknown (security.md 28).
      if (isSpecUnauthorized(response)) await refusedForToken(options.auth, token);
      return interpret(spec, response, options.logger);
    }
    if (isUnauthorized(response.status, response.envelope)) {
      const fresh = await options.auth.refreshAfter401(token);
      response = await sendWithToken(sender, spec, headers, fresh, read);
      if (isUnauthorized(response.status, response.envelope)) {
        throw new AppError('session_expired', t('mainService.a.sessionExpired'));
      }
    }
    return interpret(spec, response, options.logger);
  }

  function requireBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
    const parsed = schema.safeParse(value, { error: inputIssueIds });
    if (!parsed.success) {
      // The field's path goes to the log; the person reads the issue in words, shown beside its field.
      options.logger?.warn('interface A request refused before sending', {
        issues: describeIssuesForLog(parsed.error),
      });
      const { message, field } = firstIssueInWords(parsed.error);
      throw new AppError('bad_input', message, field === undefined ? {} : { field });
    }
    return parsed.data;
  }

  return { call, requireBody };
}
