import type { z } from 'zod';
import { AppError } from '../app-error';
import { requireTwoFactorCode } from './two-factor-code';
import type { Logger } from '../logging/logger';
import { describeIssuesForLog, firstIssueInWords, inputIssueWords } from '../../src-preload/input-words';
import { errorForAnswer, isSpecUnauthorized, isUnauthorized } from './interface-a-errors';
import {
  answerOf,
  createHttpCaller,
  ReaderFailure,
  readWhole,
  readWholeUpTo,
  successData,
  type AnswerReader,
  type NoAnswerWords,
  type ServiceAnswer,
  type UnreadableWords,
} from './http-call';
import {
  AccountProfile,
  CreateDepositAddressRequest,
  CreatedDepositAddress,
  SendPrecheckRequest,
  SendPrecheckResult,
  SendRequest,
  SendResult,
  Session,
  SwapPrecheckResult,
  SwapRequest,
  SwapResult,
  SwapSymbols,
  SwitchResult,
  TransactionItem,
  TransactionsHead,
  TransactionsRequest,
  TransactionsResult,
  WalletAddress,
  Wallets,
} from './interface-a-schemas';
import { createJsonItemsSplitter, JsonSplitError, type JsonItemsSplit } from './json-items-splitter';

export { parseRetryAfter } from './http-call';

const NO_ANSWER: NoAnswerWords = {
  logName: 'interface A',
  moneyMoveUnknown:
    'The service did not answer, so it is not known whether this went through. Check the transaction history before trying again.',
  timedOut: 'The service took too long to answer. Please try again.',
  unreachable: 'The service could not be reached. Check your connection and try again.',
};

const UNREADABLE: UnreadableWords = {
  logName: 'interface A',
  moneyMoveUnknown:
    'The service answered in a way the app does not understand; check the transaction history before trying again.',
  unreadable: 'The service sent an answer the app does not understand.',
};

/**
 * The most one transactions item and one transactions answer without its items may take, in characters.
 * The spec sets no limit on either (8); an item is some 500 characters and the envelope under 300, so these
 * leave generous room for long labels and messages while a hostile or broken service cannot make a page
 * hold unbounded memory.
 */
export const MAX_ITEM_CHARS = 256 * 1024;
export const MAX_ENVELOPE_CHARS = 64 * 1024;

/**
 * The most bytes a transactions answer read whole (getTransactions) may have: as many items of the largest
 * size as were asked for, and the envelope. Counted in bytes, which are never fewer than the characters
 * they encode, so this is no looser than the limits above. The count of items is not checked there: the
 * spec leaves the largest page and whether a service keeps to recordsPerPage open (4.1, 8), so a service
 * that sends a few more small items is read, while one that sends more than this is refused, unread.
 */
export function maxTransactionsAnswerBytes(recordsPerPage: number): number {
  return recordsPerPage * MAX_ITEM_CHARS + MAX_ENVELOPE_CHARS;
}

const PAGE_TOO_LARGE = 'The service sent a history page too large for the app to read.';

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

export interface InterfaceAClient {
  readonly accountGuid: string | null;
  /** 1. GET /session: the user and their accounts; the only call without X-Account-Guid. */
  getSession(): Promise<Session>;
  /** 2. GET /wallets of the active account. */
  getWallets(): Promise<Wallets>;
  /** 3. GET /wallets/{symbol}/address. */
  getWalletAddress(symbol: string): Promise<WalletAddress>;
  /** 4. POST /deposit/address/create. */
  createDepositAddress(request: CreateDepositAddressRequest): Promise<CreatedDepositAddress>;
  /** 5. GET /accounts: profile of the active account. */
  getAccountProfile(): Promise<AccountProfile>;
  /** 6. POST /accounts/switch. */
  switchAccount(accountGuid: string): Promise<SwitchResult>;
  /** 7. POST /send/precheck. */
  sendPrecheck(request: SendPrecheckRequest): Promise<SendPrecheckResult>;
  /** 8. POST /send: moves money; submitted once, never retried here. */
  send(request: SendRequest, twoFactorCode: string): Promise<SendResult>;
  /** 9. GET /swap/symbols. */
  getSwapSymbols(): Promise<SwapSymbols>;
  /** 10. POST /swap/precheck. */
  swapPrecheck(request: SwapRequest): Promise<SwapPrecheckResult>;
  /** 11. POST /swap: moves money; submitted once, never retried here. */
  swap(request: SwapRequest, twoFactorCode: string): Promise<SwapResult>;
  /** 12. POST /transactions. */
  getTransactions(request: TransactionsRequest): Promise<TransactionsResult>;
  /**
   * 12. POST /transactions, read as it arrives: each stretch of the body's items is checked and handed to
   * `onItems`, and the body is not read further until that resolves, so a page never sits in memory whole
   * and a slow consumer slows the download. Resolves with the page's totals once the answer is complete
   * and valid; items handed over before a failure belong to a page that failed.
   */
  streamTransactions(
    request: TransactionsRequest,
    onItems: (items: readonly TransactionItem[]) => Promise<void>,
  ): Promise<TransactionsHead>;
}

interface Call<T extends z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly result: T;
  readonly body?: unknown;
  readonly needsAccount: boolean;
  /** Send and swap: a lost answer means "outcome unknown", never "try again". */
  readonly movesMoney: boolean;
  readonly twoFactorCode?: string;
}

/**
 * Typed client for the 12 Interface A endpoints. Every response is parsed with zod; every failure
 * becomes an AppError with a stable code. Tokens and two-factor codes appear only in request headers,
 * never in errors or logs.
 */
export function createInterfaceAClient(options: InterfaceAClientOptions): InterfaceAClient {
  const root = `${options.baseUrl.replace(/\/+$/, '')}${INTERFACE_A_PREFIX}`;
  const request = createHttpCaller({
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    words: NO_ANSWER,
  });

  async function call<T extends z.ZodType>(spec: Call<T>, read?: AnswerReader): Promise<z.output<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (spec.needsAccount) {
      if (!options.accountGuid) throw new AppError('not_signed_in', 'No account is selected.');
      headers['X-Account-Guid'] = options.accountGuid;
    }
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    if (spec.twoFactorCode !== undefined) headers.TFA = spec.twoFactorCode;

    const token = await options.auth.getAccessToken();
    let response = await send(spec, headers, token, read);
    if (spec.movesMoney) {
      // Only spec 7.1's own 401 proves the token check refused the request before anything moved; any
      // other 401 (another message, a status and envelope that disagree, data) may be the service's word
      // for something else, so it is left to interpret() and makes the outcome unknown (security.md 28).
      if (isSpecUnauthorized(response)) await refusedForToken(token);
      return interpret(spec, response);
    }
    if (isUnauthorized(response.status, response.envelope)) {
      const fresh = await options.auth.refreshAfter401(token);
      response = await send(spec, headers, fresh, read);
      if (isUnauthorized(response.status, response.envelope)) {
        throw new AppError('session_expired', 'Your session has expired. Please sign in again.');
      }
    }
    return interpret(spec, response);
  }

  /**
   * A money-moving request refused for its token: the session is renewed for the next confirmation, but
   * the request is never sent again by itself, since a two-factor code is good for one request only
   * (security 21) and the user confirms again.
   */
  async function refusedForToken(token: string): Promise<never> {
    try {
      await options.auth.refreshAfter401(token);
    } catch (cause) {
      throw new AppError('session_expired', 'Your session has expired, so nothing was sent. Please sign in again.', {
        cause,
      });
    }
    throw new AppError(
      'session_expired',
      'Your session had to be renewed, so nothing was sent. Please confirm again with a new code.',
    );
  }

  /**
   * Reads a transactions answer as it arrives: each item is cut out of the text as soon as it is complete,
   * parsed and checked, and handed on with the others of its stretch of the body, then dropped; the envelope
   * and the page totals are read at the end. An error answer (anything but 2xx) is small and read whole.
   * Nothing the service sends can make this hold more than one item and the envelope (see the limits above).
   */
  function readItems(request: TransactionsRequest, onItems: (items: readonly TransactionItem[]) => Promise<void>) {
    return async (response: Response): Promise<ServiceAnswer> => {
      if (!response.ok || !response.body) return readWhole(response);
      const splitter = createJsonItemsSplitter({
        path: ['data', 'items'],
        maxItemChars: MAX_ITEM_CHARS,
        maxRestChars: MAX_ENVELOPE_CHARS,
      });
      const decoder = new TextDecoder();
      let count = 0;
      /** Checks a stretch of items; false once one is off the contract (the rest of the answer is not read). */
      const handOn = async (values: readonly unknown[]): Promise<boolean> => {
        if (values.length === 0) return true;
        const items: TransactionItem[] = [];
        for (const value of values) {
          const item = TransactionItem.safeParse(value);
          if (!item.success) {
            options.logger?.warn('interface A answer does not match the contract', {
              path: '/transactions',
              issues: item.error.issues
                .slice(0, 3)
                .map((issue) => `items.${count}.${issue.path.join('.')}: ${issue.message}`),
            });
            return false;
          }
          items.push(item.data);
          count += 1;
        }
        // More items than asked for is no page of this request; it would also let a page grow without end.
        if (count > request.recordsPerPage) {
          options.logger?.warn('interface A answer does not match the contract', {
            path: '/transactions',
            issues: [`items: more than the ${request.recordsPerPage} asked for`],
          });
          return false;
        }
        await onItems(items).catch((error: unknown) => {
          throw new ReaderFailure(error);
        });
        return true;
      };
      const reader = response.body.getReader();
      let split: JsonItemsSplit;
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          if (!(await handOn(splitter.push(decoder.decode(chunk.value, { stream: true }))))) {
            return answerOf(response, null);
          }
        }
        if (!(await handOn(splitter.push(decoder.decode())))) return answerOf(response, null);
        split = splitter.end();
      } catch (error) {
        if (!(error instanceof JsonSplitError)) throw error;
        // Field paths and sizes only: the text may hold personal data.
        options.logger?.warn('interface A answer could not be read', { path: '/transactions', reason: error.message });
        if (error.problem === 'too_large') throw new ReaderFailure(new AppError('service_error', PAGE_TOO_LARGE));
        return answerOf(response, null);
      } finally {
        // Whatever is left unread (after a refusal or a failure) is dropped with the connection.
        await reader.cancel().catch(() => undefined);
      }
      const answer = answerOf(response, split.rest);
      // A success without its items array is no page: it must not read as an empty one.
      if (answer.envelope?.code === 200 && !split.found) return answerOf(response, null);
      return answer;
    };
  }

  function send<T extends z.ZodType>(
    spec: Call<T>,
    headers: Record<string, string>,
    token: string,
    read: AnswerReader | undefined,
  ): Promise<ServiceAnswer> {
    return request(
      {
        method: spec.method,
        url: `${root}${spec.path}`,
        headers: { ...headers, Authorization: `Bearer ${token}` },
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        movesMoney: spec.movesMoney,
        logFields: { method: spec.method, path: spec.path },
      },
      read,
    );
  }

  function interpret<T extends z.ZodType>(spec: Call<T>, answer: ServiceAnswer): z.output<T> {
    const code = answer.envelope?.code ?? answer.status;
    const httpOk = answer.status >= 200 && answer.status < 300;
    if (httpOk && code === 200) return successData(spec.result, answer, spec, UNREADABLE, options.logger);
    throw errorForAnswer(answer, spec.movesMoney);
  }

  function requireBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
    const parsed = schema.safeParse(value, { error: inputIssueWords });
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

  return {
    accountGuid: options.accountGuid,
    getSession: () =>
      call({ method: 'GET', path: '/session', result: Session, needsAccount: false, movesMoney: false }),
    getWallets: () => call({ method: 'GET', path: '/wallets', result: Wallets, needsAccount: true, movesMoney: false }),
    getWalletAddress: (symbol) => {
      if (!/^[A-Za-z0-9-]{1,20}$/.test(symbol))
        throw new AppError('invalid_symbol', 'That is not a supported asset symbol.', { field: 'symbol' });
      return call({
        method: 'GET',
        path: `/wallets/${encodeURIComponent(symbol)}/address`,
        result: WalletAddress,
        needsAccount: true,
        movesMoney: false,
      });
    },
    createDepositAddress: async (request) =>
      call({
        method: 'POST',
        path: '/deposit/address/create',
        result: CreatedDepositAddress,
        body: requireBody(CreateDepositAddressRequest, request),
        needsAccount: true,
        movesMoney: false,
      }),
    getAccountProfile: () =>
      call({ method: 'GET', path: '/accounts', result: AccountProfile, needsAccount: true, movesMoney: false }),
    switchAccount: async (accountGuid) => {
      if (accountGuid.length === 0) throw new AppError('bad_input', 'No account was given.', { field: 'accountGuid' });
      return call({
        method: 'POST',
        path: '/accounts/switch',
        result: SwitchResult,
        body: { accountGuid },
        needsAccount: true,
        movesMoney: false,
      });
    },
    sendPrecheck: async (request) =>
      call({
        method: 'POST',
        path: '/send/precheck',
        result: SendPrecheckResult,
        body: requireBody(SendPrecheckRequest, request),
        needsAccount: true,
        movesMoney: false,
      }),
    send: async (request, twoFactorCode) => {
      const tfa = requireTwoFactorCode(twoFactorCode, 'tfa');
      return call({
        method: 'POST',
        path: '/send',
        result: SendResult,
        body: requireBody(SendRequest, request),
        needsAccount: true,
        movesMoney: true,
        twoFactorCode: tfa,
      });
    },
    getSwapSymbols: () =>
      call({ method: 'GET', path: '/swap/symbols', result: SwapSymbols, needsAccount: true, movesMoney: false }),
    swapPrecheck: async (request) =>
      call({
        method: 'POST',
        path: '/swap/precheck',
        result: SwapPrecheckResult,
        body: requireBody(SwapRequest, request),
        needsAccount: true,
        movesMoney: false,
      }),
    swap: async (request, twoFactorCode) => {
      const tfa = requireTwoFactorCode(twoFactorCode, 'tfa');
      return call({
        method: 'POST',
        path: '/swap',
        result: SwapResult,
        body: requireBody(SwapRequest, request),
        needsAccount: true,
        movesMoney: true,
        twoFactorCode: tfa,
      });
    },
    getTransactions: async (request) => {
      const body = requireBody(TransactionsRequest, request);
      const maxBytes = maxTransactionsAnswerBytes(body.recordsPerPage);
      // The page is held whole (the History screen, deposit notices, the send and swap look-ups), so a
      // hostile service must not be able to make it any size it likes; error answers are bounded too.
      return call(
        {
          method: 'POST',
          path: '/transactions',
          result: TransactionsResult,
          body,
          needsAccount: true,
          movesMoney: false,
        },
        readWholeUpTo(maxBytes, () => {
          // Sizes only: the text may hold personal data.
          options.logger?.warn('interface A answer could not be read', {
            path: '/transactions',
            reason: `the answer is over ${maxBytes} bytes`,
          });
          return new AppError('service_error', PAGE_TOO_LARGE);
        }),
      );
    },
    streamTransactions: async (request, onItems) => {
      const body = requireBody(TransactionsRequest, request);
      return call(
        {
          method: 'POST',
          path: '/transactions',
          result: TransactionsHead,
          body,
          needsAccount: true,
          movesMoney: false,
        },
        readItems(body, onItems),
      );
    },
  };
}
