import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
import { createInterfaceACaller, type InterfaceAClientOptions, type InterfaceACaller } from './interface-a-call';
import type {
  AccountProfile,
  CreateDepositAddressRequest,
  CreatedDepositAddress,
  Session,
  SwapRequest,
  SwitchResult,
  WalletAddress,
  Wallets,
  SendPrecheckRequest,
  SendPrecheckResult,
  SendRequest,
  SendResult,
  SwapPrecheckResult,
  SwapResult,
  SwapSymbols,
  TransactionItem,
  TransactionsHead,
  TransactionsRequest,
  TransactionsResult,
} from './interface-a-schemas';
import type { Logger } from '../logging/logger';
import type { TransactionItemsOptions } from './interface-a-transactions';
import { loadedOnce } from '../loaded-once';

export { parseRetryAfter } from './http-call';
export { INTERFACE_A_PREFIX, type InterfaceAAuth, type InterfaceAClientOptions } from './interface-a-call';
export { MAX_ENVELOPE_CHARS, MAX_ITEM_CHARS, maxTransactionsAnswerBytes } from './transactions-answer-limits';

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
   * 12. POST /transactions, its items handed on a stretch at a time: the body is read whole, then, only when it
   * is a page (envelope 200, totals as the contract has them), `options.onArrived` is awaited and each stretch of
   * items is parsed, checked and handed to `onItems`, awaited before the next, so parsed items never pile up.
   * Resolves with the page's totals; items handed over before a failure belong to a page that failed. At most
   * one answer of a call is handed on: a 401 sent again after a refresh hands on only the second answer.
   */
  streamTransactions(
    request: TransactionsRequest,
    onItems: (items: readonly TransactionItem[]) => Promise<void>,
    options?: TransactionItemsOptions,
  ): Promise<TransactionsHead>;
}

/**
 * The session's, wallets' and accounts' schemas (interface-a-schemas.ts), built at the first call that reads
 * one, before its request is made, so bodies are checked and answers parsed as before: the core's import
 * builds none of them.
 */
const resourceSchemas = loadedOnce(() => import('./interface-a-schemas'));

/** The calls about the user, their accounts and their addresses (endpoints 1 to 6). */
function accountCalls({ call, requireBody }: InterfaceACaller) {
  return {
    getSession: async () => {
      const { Session } = await resourceSchemas();
      return call({ method: 'GET', path: '/session', result: Session, needsAccount: false, movesMoney: false });
    },
    getWallets: async () => {
      const { Wallets } = await resourceSchemas();
      return call({ method: 'GET', path: '/wallets', result: Wallets, needsAccount: true, movesMoney: false });
    },
    getWalletAddress: (symbol: string) => {
      if (!/^[A-Za-z0-9-]{1,20}$/.test(symbol))
        throw new AppError('invalid_symbol', t('mainService.a.unsupportedSymbol'), { field: 'symbol' });
      return resourceSchemas().then(({ WalletAddress }) =>
        call({
          method: 'GET',
          path: `/wallets/${encodeURIComponent(symbol)}/address`,
          result: WalletAddress,
          needsAccount: true,
          movesMoney: false,
        }),
      );
    },
    createDepositAddress: async (request: CreateDepositAddressRequest) => {
      const schemas = await resourceSchemas();
      return call({
        method: 'POST',
        path: '/deposit/address/create',
        result: schemas.CreatedDepositAddress,
        body: requireBody(schemas.CreateDepositAddressRequest, request),
        needsAccount: true,
        movesMoney: false,
      });
    },
    getAccountProfile: async () => {
      const { AccountProfile } = await resourceSchemas();
      return call({ method: 'GET', path: '/accounts', result: AccountProfile, needsAccount: true, movesMoney: false });
    },
    switchAccount: async (accountGuid: string) => {
      if (accountGuid.length === 0)
        throw new AppError('bad_input', t('mainService.a.noAccountGiven'), { field: 'accountGuid' });
      const { SwitchResult } = await resourceSchemas();
      return call({
        method: 'POST',
        path: '/accounts/switch',
        result: SwitchResult,
        body: { accountGuid },
        needsAccount: true,
        movesMoney: false,
      });
    },
  };
}

/**
 * The money calls' schemas, built at the first of them (interface-a-money-schemas.ts): before the request is
 * made, so the body is checked and the answer parsed exactly as before.
 */
const moneySchemas = loadedOnce(() => import('./interface-a-money-schemas'));

/**
 * The six-digit rule (two-factor-code.ts), loaded with the first send or swap: it checks with the contract's
 * money schemas, which nothing else of the core's start needs.
 */
const twoFactorRule = loadedOnce(() => import('./two-factor-code'));

/** The calls that check and move money (endpoints 7 to 11); send and swap are submitted once, never retried. */
function moneyCalls({ call, requireBody }: InterfaceACaller) {
  return {
    sendPrecheck: async (request: SendPrecheckRequest) => {
      const schemas = await moneySchemas();
      return call({
        method: 'POST',
        path: '/send/precheck',
        result: schemas.SendPrecheckResult,
        body: requireBody(schemas.SendPrecheckRequest, request),
        needsAccount: true,
        movesMoney: false,
      });
    },
    send: async (request: SendRequest, twoFactorCode: string) => {
      const tfa = (await twoFactorRule()).requireTwoFactorCode(twoFactorCode, 'tfa');
      const schemas = await moneySchemas();
      return call({
        method: 'POST',
        path: '/send',
        result: schemas.SendResult,
        body: requireBody(schemas.SendRequest, request),
        needsAccount: true,
        movesMoney: true,
        twoFactorCode: tfa,
      });
    },
    getSwapSymbols: async () => {
      const schemas = await moneySchemas();
      return call({
        method: 'GET',
        path: '/swap/symbols',
        result: schemas.SwapSymbols,
        needsAccount: true,
        movesMoney: false,
      });
    },
    swapPrecheck: async (request: SwapRequest) => {
      const [schemas, { SwapRequest }] = await Promise.all([moneySchemas(), resourceSchemas()]);
      return call({
        method: 'POST',
        path: '/swap/precheck',
        result: schemas.SwapPrecheckResult,
        body: requireBody(SwapRequest, request),
        needsAccount: true,
        movesMoney: false,
      });
    },
    swap: async (request: SwapRequest, twoFactorCode: string) => {
      const tfa = (await twoFactorRule()).requireTwoFactorCode(twoFactorCode, 'tfa');
      const [schemas, { SwapRequest }] = await Promise.all([moneySchemas(), resourceSchemas()]);
      return call({
        method: 'POST',
        path: '/swap',
        result: schemas.SwapResult,
        body: requireBody(SwapRequest, request),
        needsAccount: true,
        movesMoney: true,
        twoFactorCode: tfa,
      });
    },
  };
}

/** The history's schemas and readers, loaded at its first page (as moneySchemas above). */
const transactionReading = loadedOnce(async () => {
  const [schemas, readers] = await Promise.all([
    import('./interface-a-transaction-schemas'),
    import('./interface-a-transactions'),
  ]);
  return { ...schemas, ...readers };
});

/** The transaction history (endpoint 12): a page read whole, or its items handed on a stretch at a time. */
function transactionCalls({ call, requireBody }: InterfaceACaller, logger: Logger | undefined) {
  const spec = { method: 'POST', path: '/transactions', needsAccount: true, movesMoney: false } as const;
  return {
    getTransactions: async (request: TransactionsRequest) => {
      const reading = await transactionReading();
      const body = requireBody(reading.TransactionsRequest, request);
      return call(
        { ...spec, result: reading.TransactionsResult, body },
        reading.readTransactionsWhole(body.recordsPerPage, logger),
      );
    },
    streamTransactions: async (
      request: TransactionsRequest,
      onItems: (items: readonly TransactionItem[]) => Promise<void>,
      options?: TransactionItemsOptions,
    ) => {
      const reading = await transactionReading();
      const body = requireBody(reading.TransactionsRequest, request);
      // The export's own stop ends the call while the service has not begun to answer, not only while it reads.
      const signal = options?.cancel;
      return call(
        { ...spec, result: reading.TransactionsHead, body, ...(signal === undefined ? {} : { signal }) },
        reading.readTransactionItems(body, onItems, logger, options),
      );
    },
  };
}

/**
 * Typed client for the 12 Interface A endpoints. Every response is parsed with zod; every failure
 * becomes an AppError with a stable code. Tokens and two-factor codes appear only in request headers,
 * never in errors or logs.
 */
export function createInterfaceAClient(options: InterfaceAClientOptions): InterfaceAClient {
  const caller = createInterfaceACaller(options);
  return {
    accountGuid: options.accountGuid,
    ...accountCalls(caller),
    ...moneyCalls(caller),
    ...transactionCalls(caller, options.logger),
  };
}
