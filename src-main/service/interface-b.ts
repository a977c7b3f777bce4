import type { z } from 'zod';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import { requireTwoFactorCode } from './two-factor-code';
import { toServiceNumber } from './wire-amount';
import type { Logger } from '../logging/logger';
import {
  createHttpCaller,
  successData,
  type NoAnswerWords,
  type ServiceAnswer,
  type UnreadableWords,
} from './http-call';
import { depositCreateHash, verifyConfirmHash, verifyStartHash, withdrawHash } from './interface-b-hashes';
import {
  CreatedMerchantDepositAddress,
  MerchantBalances,
  RetrievedMerchantDepositAddress,
  VerifyResult,
  VerifyStartResult,
  WithdrawableAssets,
  WithdrawResult,
  type WithdrawableAsset,
} from './interface-b-schemas';
import { SIGNATURE_HEADER } from './request-signing';
import {
  errorFor,
  hasExtraFields,
  signOrRefuse,
  withdrawErrorFor,
  withSigningHint,
  type InterfaceBOperation,
} from './interface-b-errors';
import { DEFAULT_ASSET_FORM, wireSymbol, withAssetFormHint } from './interface-b-symbols';
import type { AssetForm } from '../../src-preload/contract/merchant';

export { errorFor } from './interface-b-errors';

export interface InterfaceBClientOptions {
  /** Interface B host (without /v1). */
  readonly apiUrl: string;
  readonly publicKey: string;
  /** Sent only in the X-Api-Key header and mixed into body hashes; never logged, never in an error. */
  readonly secretKey: string;
  readonly timeoutMs?: number;
  /** How Symbol names a multi-network asset on the wire; the SDKs' asset name + NetworkId by default. */
  readonly assetForm?: AssetForm;
  readonly logger?: Logger;
  readonly fetch?: typeof fetch;
  /** RSA private key (PEM) for the optional X-Signature header (request-signing.ts); never logged. */
  readonly signingKey?: string;
}

/**
 * Amounts are decimal text from the app; they become JSON numbers only here, at the wire. `Symbol` is the
 * app's network-specific code (`BSC-USD`); the client writes it in the environment's asset form.
 */
export interface WithdrawRequest {
  readonly ReferenceId: string;
  readonly Amount: string;
  readonly Symbol: string;
  readonly NetworkId: number;
  readonly Address: string;
  readonly Label: string;
  readonly MerchantTransactionId: string;
  readonly Email: string;
}

export interface VerifyStartRequest {
  readonly ReferenceId: string;
  readonly Symbol: string;
  readonly NetworkId: number;
  readonly Address: string;
  readonly Label: string;
}

export interface VerifyConfirmRequest {
  readonly ReferenceId: string;
  readonly Symbol: string;
  readonly NetworkId: number;
  readonly Amount: string;
}

export interface CreateDepositRequest {
  readonly Symbol: string;
  /** The chosen network of a multi-network asset; spec 4.2 lists no NetworkId here, the SDKs' get call has one. */
  readonly NetworkId?: number;
  readonly Label: string;
  readonly ReferenceId: string;
  readonly CallbackUrl: string;
  readonly Amount?: string;
  readonly Currency?: string;
  readonly RedirectUrl?: string;
  readonly CancelUrl?: string;
}

export interface GetDepositRequest {
  readonly MemberId: string;
  readonly Symbol: string;
  readonly Label?: string;
  readonly NetworkId?: number;
}

export interface InterfaceBClient {
  /** 1. Moves money: sent once; a lost answer is `outcome_unknown`, never retried here. */
  withdraw(request: WithdrawRequest, tfaCode: string): Promise<WithdrawResult>;
  /** 2. The service sends a small random amount to the address. */
  verifyStart(request: VerifyStartRequest): Promise<VerifyStartResult>;
  /** 3. Proves control of the address with the exact amount received. */
  verifyConfirmAmount(request: VerifyConfirmRequest): Promise<VerifyResult>;
  /** 4. Verified withdrawal addresses for a reference. */
  withdrawableAssets(referenceId: string): Promise<WithdrawableAsset[]>;
  /** 5. */
  createDepositAddress(request: CreateDepositRequest): Promise<CreatedMerchantDepositAddress>;
  /** 6. */
  getDepositAddress(request: GetDepositRequest): Promise<RetrievedMerchantDepositAddress>;
  /** 7. Also the cheapest way to test a key pair. */
  balances(): Promise<MerchantBalances>;
}

type Operation = InterfaceBOperation;

const NO_ANSWER: NoAnswerWords = {
  logName: 'interface B',
  moneyMoveUnknown: () => t('mainService.b.noAnswerMoneyUnknown'),
  timedOut: () => t('mainService.b.timedOut'),
  unreachable: () => t('mainService.b.unreachable'),
};

const UNREADABLE: UnreadableWords = {
  logName: 'interface B',
  moneyMoveUnknown: () => t('mainService.b.unreadableMoneyUnknown'),
  unreadable: () => t('mainService.b.unreadable'),
};

interface Call<T extends z.ZodType> {
  readonly operation: Operation;
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly result: T;
  readonly movesMoney: boolean;
  /** The app's code of the asset the call names, so a refusal can say which asset form to try. */
  readonly assetCode?: string;
}

/**
 * The one request of every endpoint: the body with the public key, signed when a signing key is set, sent
 * once, and the answer either the success data checked with its schema or a refusal in words.
 */
function createCall(options: InterfaceBClientOptions, assetForm: AssetForm) {
  const request = createHttpCaller({
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    words: NO_ANSWER,
  });
  const root = `${options.apiUrl.replace(/\/+$/, '')}/v1`;
  const { publicKey, secretKey, signingKey } = options;

  return async function call<T extends z.ZodType>(spec: Call<T>): Promise<z.output<T>> {
    // The signature covers these exact bytes, so the text signed is the text sent.
    const body = JSON.stringify({ PublicKey: publicKey, ...spec.body });
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Api-Key': secretKey,
    };
    if (signingKey) headers[SIGNATURE_HEADER] = signOrRefuse(signingKey, body);
    const answer = await request({
      method: 'POST',
      url: `${root}${spec.path}`,
      headers,
      body,
      movesMoney: spec.movesMoney,
      logFields: { path: spec.path },
    });
    const { status, envelope } = answer;
    const zcode = envelope && /^Z\d+$/.test(envelope.message) ? envelope.message : null;
    if (zcode) options.logger?.debug('interface B error code', { path: spec.path, status, zcode });

    if (status >= 200 && status < 300 && envelope?.code === 200)
      return successData(spec.result, answer, spec, UNREADABLE, options.logger);
    const refusal = refusalOf(spec, answer, zcode, assetForm);
    throw signingKey ? withSigningHint(refusal) : refusal;
  };
}

/** What an answer that is not a success means, with the asset-form hint where a form may be the cause. */
function refusalOf(spec: Call<z.ZodType>, answer: ServiceAnswer, zcode: string | null, assetForm: AssetForm): AppError {
  const { status, retryAfter, json, envelope } = answer;
  const hinted = (error: AppError): AppError =>
    spec.assetCode === undefined ? error : withAssetFormHint(error, spec.assetCode, assetForm, zcode);
  // Not a success: an error envelope on any status (some services answer Z-codes on 200). On a
  // money-moving call only a known code that proves nothing moved, in an answer consistent by the rule of
  // isConsistentRefusal (4xx envelope with data null, on its own status or on 200 with nothing beside it),
  // is a refusal; a 5xx, an unknown or ambiguous code, an answer whose parts disagree, or one the app
  // cannot read leaves the outcome unknown (security.md 28).
  if (!spec.movesMoney) return hinted(errorFor(spec.operation, zcode, status, retryAfter));
  const error = withdrawErrorFor(
    {
      status,
      zcode,
      envelopeCode: envelope ? envelope.code : null,
      dataIsNull: envelope !== null && envelope.data === null,
      extraFields: hasExtraFields(json),
    },
    retryAfter,
  );
  // Only a refusal gets the hint: an unknown outcome must not invite a second attempt in another form.
  return error.code === 'outcome_unknown' ? error : hinted(error);
}

/**
 * The create call's body. The spec's create call has no NetworkId, so in the asset-name form nothing else
 * would name the network the user chose: it is sent beside Symbol (outside the hash, which covers the
 * spec's fields only), and the feature refuses an answer on any other network.
 */
function depositCreateBody(request: CreateDepositRequest, Symbol: string, Hash: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    Symbol,
    ...(request.NetworkId === undefined ? {} : { NetworkId: request.NetworkId }),
    Label: request.Label,
    ReferenceId: request.ReferenceId,
    CallbackUrl: request.CallbackUrl,
    Hash,
  };
  if (request.Amount !== undefined) body.Amount = toServiceNumber(request.Amount);
  if (request.Currency !== undefined) body.Currency = request.Currency;
  if (request.RedirectUrl !== undefined) body.RedirectUrl = request.RedirectUrl;
  if (request.CancelUrl !== undefined) body.CancelUrl = request.CancelUrl;
  return body;
}

/**
 * Typed client for the seven Interface B endpoints (spec 4.2). Every answer is parsed with zod and every
 * Z-code becomes an AppError with a plain message. The secret key goes into the X-Api-Key header and the
 * body hashes only: it is registered with the logger's redactor and no error message is ever built from
 * request data.
 */
export function createInterfaceBClient(options: InterfaceBClientOptions): InterfaceBClient {
  const { publicKey, secretKey, signingKey } = options;
  const assetForm = options.assetForm ?? DEFAULT_ASSET_FORM;
  const symbolOf = (code: string): string => wireSymbol(code, assetForm);
  options.logger?.registerSecret?.(secretKey);
  if (signingKey) options.logger?.registerSecret?.(signingKey);
  const call = createCall(options, assetForm);

  return {
    async withdraw(request, tfaCode) {
      const TfaCode = requireTwoFactorCode(tfaCode, 'tfaCode');
      const Amount = toServiceNumber(request.Amount);
      const Symbol = symbolOf(request.Symbol);
      const Hash = withdrawHash({ ...request, Symbol, Amount }, secretKey);
      return call({
        operation: 'withdraw',
        path: '/withdraw/add',
        body: { ...request, Symbol, Amount, Hash, TfaCode },
        result: WithdrawResult,
        movesMoney: true,
        assetCode: request.Symbol,
      });
    },
    async verifyStart(request) {
      const Symbol = symbolOf(request.Symbol);
      const Hash = verifyStartHash({ ...request, Symbol }, secretKey);
      return call({
        operation: 'verify-start',
        path: '/verify/start',
        body: { ...request, Symbol, Hash },
        result: VerifyStartResult,
        movesMoney: false,
        assetCode: request.Symbol,
      });
    },
    async verifyConfirmAmount(request) {
      const Amount = toServiceNumber(request.Amount);
      const Symbol = symbolOf(request.Symbol);
      const Hash = verifyConfirmHash({ ...request, Symbol, Amount }, secretKey);
      return call({
        operation: 'verify-confirm',
        path: '/verify/confirmAmount',
        body: { ...request, Symbol, Amount, Hash },
        result: VerifyResult,
        movesMoney: false,
        assetCode: request.Symbol,
      });
    },
    withdrawableAssets: (referenceId) =>
      call({
        operation: 'withdrawable',
        path: '/merchant/withdraw/withdrawableAssets',
        body: { ReferenceId: referenceId },
        result: WithdrawableAssets,
        movesMoney: false,
      }),
    async createDepositAddress(request) {
      const Symbol = symbolOf(request.Symbol);
      const Hash = depositCreateHash({ ...request, Symbol, PublicKey: publicKey }, secretKey);
      return call({
        operation: 'deposit-create',
        path: '/deposit/address/create',
        body: depositCreateBody(request, Symbol, Hash),
        result: CreatedMerchantDepositAddress,
        movesMoney: false,
        assetCode: request.Symbol,
      });
    },
    getDepositAddress: (request) =>
      call({
        operation: 'deposit-get',
        path: '/deposit/address/get',
        body: { ...request, Symbol: symbolOf(request.Symbol) },
        result: RetrievedMerchantDepositAddress,
        movesMoney: false,
        assetCode: request.Symbol,
      }),
    balances: () =>
      call({
        operation: 'balances',
        path: '/merchant/balances',
        body: {},
        result: MerchantBalances,
        movesMoney: false,
      }),
  };
}
