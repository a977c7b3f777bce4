import { Router } from '@koa/router';
import Decimal from 'decimal.js';
import type { Context } from 'koa';
import { z } from 'zod';
import type { SandboxFaults } from '../faults';
import { isValidAddress } from '../data/addresses';
import { carryOut, type MoveAnswer } from '../money-move';
import { answerSymbol, BALANCE_FIELDS, FIAT_CODES, resolveListing, type FiatCode } from './assets';
import { readJsonObjectWithBytes } from './body';
import { SIGNATURE_HEADER } from './request-signatures';
import { recordVerification, recordWithdrawal } from './committed';
import { sendData, sendServerFault, sendUnexpected, sendZError, ZError } from './envelope';
import { depositCreateHash, hashMatches, verifyConfirmHash, verifyStartHash, withdrawHash } from './hashes';
import type { Merchant } from './merchants';
import { withoutNulls, type WireReadings } from './readings';
import { secretMatches, type InterfaceBStore } from './store';

/** Amount fields are decimals: a JSON number as the SDK sends, or a plain decimal string. */
const AmountField = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]);
const Text = z.string().min(1).max(200);
const HttpUrl = z.url({ protocol: /^https?$/ });

const WithdrawBody = z.object({
  ReferenceId: Text,
  Amount: AmountField,
  Symbol: Text,
  NetworkId: z.number().int(),
  Address: Text,
  Label: z.string().max(200),
  MerchantTransactionId: Text,
  Hash: z.string(),
  TfaCode: z.string().regex(/^\d{6}$/),
  Email: z.email(),
});
const VerifyStartBody = z.object({
  ReferenceId: Text,
  Symbol: Text,
  NetworkId: z.number().int(),
  Address: Text,
  Label: Text,
  Hash: z.string(),
});
const VerifyConfirmBody = z.object({
  ReferenceId: Text,
  Symbol: Text,
  NetworkId: z.number().int(),
  Amount: AmountField,
  Hash: z.string(),
});
const WithdrawableBody = z.object({ ReferenceId: Text });
const DepositCreateBody = z.object({
  Symbol: Text,
  Label: z.string().max(200),
  ReferenceId: Text,
  CallbackUrl: HttpUrl,
  Amount: AmountField.optional(),
  Currency: z.string().optional(),
  RedirectUrl: HttpUrl.optional(),
  CancelUrl: HttpUrl.optional(),
  NetworkId: z.number().int().optional(),
  Hash: z.string(),
});
const DepositGetBody = z.object({
  MemberId: Text,
  Symbol: Text,
  Label: z.string().optional(),
  NetworkId: z.number().int().optional(),
});

/**
 * The deposit-create answer as the service plays it: every field of spec 2.3, or the SDK's declared shape
 * (no referenceGuid, supportedNetworks, contractTypes, minAmounts, information; no jpy price).
 */
function depositAnswer(created: Record<string, unknown>, readings: WireReadings): Record<string, unknown> {
  const symbol = readings.assetForm === 'asset-name' ? created.asset : created.symbol;
  const full: Record<string, unknown> = { ...created, symbol };
  delete full.asset;
  if (readings.depositAnswer === 'full') return full;
  const price = { ...(created.price as Record<string, unknown>) };
  delete price.jpy;
  return { wallet: created.wallet, requestId: created.requestId, symbol, network: created.network, price };
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // Field names only: values may be secrets or codes.
  const fields = result.error.issues.map((i) => i.path.join('.')).join(', ');
  throw new ZError('Z600', `invalid fields: ${fields}`);
}

function checkHash(expected: string, given: string): void {
  if (!hashMatches(expected, given)) throw new ZError('Z800', 'body hash does not match');
}

function toAmount(value: number | string): Decimal {
  const amount = new Decimal(String(value));
  if (!amount.isFinite() || amount.lte(0)) throw new ZError('Z600', 'amount must be positive');
  return amount;
}

function toCurrency(value: string | undefined): FiatCode | undefined {
  if (value === undefined) return undefined;
  const code = value.toLowerCase();
  if (!(FIAT_CODES as string[]).includes(code)) throw new ZError('Z600', 'unknown currency');
  return code as FiatCode;
}

/** What a handler hands back: its data, and for a money-moving call how the fault plan says to answer. */
type Handled = { data: unknown; answer?: MoveAnswer };
type Handler = (body: Record<string, unknown>, merchant: Merchant) => Handled;

const noop = (): void => undefined;

export function createInterfaceBRouter(
  store: InterfaceBStore,
  faults: SandboxFaults,
  log: (line: string) => void,
  /** The verification amount line: logged, and told to whoever asked (createInterfaceB's onVerificationSent). */
  announceVerification: (line: string) => void = log,
): Router {
  const router = new Router();
  const form = () => store.shared.readings.current.assetForm;

  /** `tfaFirst`: in the strict profile the TfaCode is checked, and spent, before anything but the keys. */
  const endpoint = (path: string, handler: Handler, options: { tfaFirst?: boolean } = {}) => {
    router.post(path, async (ctx: Context) => {
      const fault = await faults.beforeRequest(ctx.path);
      if (fault === 'fail') {
        log(`interface-b ${path} -> 500 (injected fault)`);
        sendServerFault(ctx);
        return;
      }
      try {
        if (fault === 'rate_limit') throw new ZError('Z429', 'injected rate limit');
        const { body, bytes } = await readJsonObjectWithBytes(ctx);
        const publicKey = typeof body.PublicKey === 'string' ? body.PublicKey : '';
        const merchant = store.findMerchant(publicKey);
        // Unknown callers share one bucket per address, so guessing keys is limited too.
        const bucket = merchant ? `pk:${merchant.publicKey}` : `ip:${ctx.ip}`;
        if (!store.limiter.take(bucket)) throw new ZError('Z429', 'rate limit exceeded');
        if (!merchant) throw new ZError('Z200', 'unknown PublicKey');
        if (!secretMatches(merchant.secretKey, ctx.get('X-Api-Key'))) {
          throw new ZError('Z503', 'X-Api-Key missing or not this merchant secret');
        }
        // Only when signatures are required (README "Request signing"). The spec has no code for it: Z800,
        // its "invalid body hash", is the nearest, and it says nothing happened.
        if (!store.signatures.accepts(merchant.publicKey, bytes, ctx.get(SIGNATURE_HEADER))) {
          throw new ZError('Z800', 'X-Signature missing or not valid for the body under a registered key');
        }
        if (options.tfaFirst && store.shared.profile.strict) {
          const code = typeof body.TfaCode === 'string' ? body.TfaCode : '';
          if (!store.totp.consume(merchant.publicKey, merchant.totpSecret, code)) {
            throw new ZError('Z202', 'two-factor code missing, wrong or already used');
          }
        }
        // The Python SDK sends optional fields it was not given as null (README "Wire readings", nulls).
        const readings = store.shared.readings.current;
        const handled = handler(readings.nulls === 'accept' ? withoutNulls(body) : body, merchant);
        if (handled.answer?.kind === 'drop') {
          log(`interface-b ${path} accepted, dropping the connection (injected fault)`);
          ctx.respond = false;
          ctx.req.socket.destroy();
          return;
        }
        if (handled.answer?.kind === 'unexpected') {
          log(`interface-b ${path} -> ${handled.answer.zCode} (injected unexpected answer)`);
          sendUnexpected(ctx, handled.answer.status, handled.answer.zCode);
          return;
        }
        log(`interface-b ${path} -> OK`);
        sendData(ctx, handled.data);
      } catch (error) {
        if (!(error instanceof ZError)) throw error;
        log(`interface-b ${path} -> ${error.zcode} (${error.reason})`);
        sendZError(ctx, error.zcode, store.shared.readings.current.errorStatus === 'http-200');
      }
    });
  };

  endpoint(
    '/v1/withdraw/add',
    (raw, merchant) => {
      const body = parse(WithdrawBody, raw);
      checkHash(withdrawHash(body, merchant.secretKey), body.Hash);
      const listing = resolveListing(body.Symbol, body.NetworkId, form());
      const request = {
        referenceId: body.ReferenceId,
        amount: toAmount(body.Amount),
        listing,
        address: body.Address,
        label: body.Label,
        merchantTransactionId: body.MerchantTransactionId,
        tfaCode: body.TfaCode,
        email: body.Email,
      };
      const { deferred } = store.shared;
      const outcome = store.withdrawals.withdraw(merchant, request, {
        strict: store.shared.profile.strict,
        vendorCodes: store.shared.readings.current.withdrawCodes === 'vendor',
      });
      const label = `withdraw ${outcome.result.txId}`;
      if (outcome.replayed) {
        // A replay moves nothing, yet is a money-moving call for the fault plan: it may be dropped too.
        return { data: outcome.result, answer: carryOut({ label, accept: noop, commit: noop }, faults, deferred) };
      }
      const commit = (): void => {
        outcome.commit();
        recordWithdrawal(store.shared, {
          merchantPublicKey: merchant.publicKey,
          referenceId: request.referenceId,
          merchantTransactionId: request.merchantTransactionId,
          listing,
          amount: request.amount,
          address: request.address,
          label: request.label,
          txId: outcome.result.txId,
        });
      };
      return { data: outcome.result, answer: carryOut({ label, accept: outcome.accept, commit }, faults, deferred) };
    },
    { tfaFirst: true },
  );

  endpoint('/v1/verify/start', (raw, merchant) => {
    const body = parse(VerifyStartBody, raw);
    checkHash(verifyStartHash(body, merchant.secretKey), body.Hash);
    const listing = resolveListing(body.Symbol, body.NetworkId, form());
    if (!isValidAddress(listing.addressKind, body.Address)) {
      throw new ZError('Z600', `address does not suit ${listing.network}`);
    }
    const amount = store.verification.start(merchant.publicKey, body.ReferenceId, listing, body.Address, body.Label);
    recordVerification(store.shared, {
      merchantPublicKey: merchant.publicKey,
      referenceId: body.ReferenceId,
      listing,
      amount,
      address: body.Address,
    });
    // What a tester would read on a test network's explorer: without it the amount to confirm is only in
    // the API's answer, which the app deliberately does not show (the user must prove they received it).
    announceVerification(
      `interface-b verification ${merchant.name}: sent ${amount.toFixed()} ${listing.symbol} to ${body.Address} (reference ${body.ReferenceId}); confirm with that amount (also on the page GET /__sandbox/)`,
    );
    return { data: { txId: store.newTransaction(listing).txId, amount } };
  });

  endpoint('/v1/verify/confirmAmount', (raw, merchant) => {
    const body = parse(VerifyConfirmBody, raw);
    checkHash(verifyConfirmHash(body, merchant.secretKey), body.Hash);
    const listing = resolveListing(body.Symbol, body.NetworkId, form());
    const isVerified = store.verification.confirm(merchant.publicKey, body.ReferenceId, listing, toAmount(body.Amount));
    return { data: { isVerified } };
  });

  endpoint('/v1/merchant/withdraw/withdrawableAssets', (raw, merchant) => {
    const body = parse(WithdrawableBody, raw);
    const listed = store.verification.listVerified(merchant.publicKey, body.ReferenceId);
    if (form() !== 'asset-name') return { data: listed };
    // As the SDKs type a withdrawable asset: the asset's name beside its network id.
    return {
      data: listed.map((row) => ({
        ...row,
        symbol: answerSymbol(resolveListing(row.symbol, row.networkId), 'asset-name'),
      })),
    };
  });

  endpoint('/v1/deposit/address/create', (raw, merchant) => {
    const body = parse(DepositCreateBody, raw);
    checkHash(depositCreateHash({ ...body, PublicKey: merchant.publicKey }, merchant.secretKey), body.Hash);
    const created = store.deposits.create(
      merchant,
      {
        referenceId: body.ReferenceId,
        listing: resolveListing(
          body.Symbol,
          store.shared.readings.current.depositNetwork === 'read' ? body.NetworkId : undefined,
          form(),
        ),
        label: body.Label,
        callbackUrl: body.CallbackUrl,
        amount: body.Amount === undefined ? undefined : toAmount(body.Amount),
        currency: toCurrency(body.Currency),
        redirectUrl: body.RedirectUrl,
        cancelUrl: body.CancelUrl,
      },
      { strict: store.shared.profile.strict, amountIn: store.shared.readings.current.depositAmount },
    );
    return { data: depositAnswer(created, store.shared.readings.current) };
  });

  endpoint('/v1/deposit/address/get', (raw, merchant) => {
    const body = parse(DepositGetBody, raw);
    const listing = resolveListing(body.Symbol, body.NetworkId, form());
    const found = store.deposits.get(merchant, body.MemberId, listing, body.Label);
    return { data: { ...found, symbol: answerSymbol(listing, form()) } };
  });

  endpoint('/v1/merchant/balances', (_raw, merchant) => {
    const balances: Record<string, Decimal> = {};
    for (const field of BALANCE_FIELDS) balances[field] = merchant.balances[field];
    return { data: balances };
  });

  return router;
}
