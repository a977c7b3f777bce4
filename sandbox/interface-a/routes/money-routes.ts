import type Router from '@koa/router';
import { z } from 'zod';
import { ASSETS, findAsset, findAssetOnNetwork, type AssetDef } from '../../data/assets';
import { isValidAddress } from '../../data/addresses';
import { makeRow, txIdFor, WITHDRAW_TYPE } from '../../data/history';
import { Dec, usd } from '../../data/money';
import type { AccountState, SandboxState } from '../../data/state';
import { parseAmount } from '../amount';
import { answerOrDrop } from '../commit';
import { parseBody, requireAccount, type InterfaceADeps } from '../context';
import { endpoint } from '../endpoint';
import { errors } from '../envelope';
import { idempotencyKey, recallDuplicate, remember } from '../idempotency';
import { requireFreshTfa, requireTfaForRetry, tfaHeader } from '../tfa';

const SendPrecheckBody = z.object({ symbol: z.string().min(1), address: z.string().min(1), amount: z.number() });
const SendBody = SendPrecheckBody.extend({
  feeRate: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  referenceId: z.string().min(1).optional(),
  description: z.string().optional(),
});
const SwapBody = z.object({
  fromSymbol: z.string().min(1),
  fromNetwork: z.string().min(1),
  toSymbol: z.string().min(1),
  toNetwork: z.string().min(1),
  amount: z.number(),
  isUsdInput: z.boolean(),
});

/** Fee multipliers and arrival estimates per FeeRate 0 Low, 1 Standard, 2 High (README). */
const FEE_RATES = [
  { multiplier: '0.5', utxo: 'about 60 minutes', evm: 'about 5 minutes' },
  { multiplier: '1', utxo: 'about 30 minutes', evm: 'about 2 minutes' },
  { multiplier: '2', utxo: 'about 10 minutes', evm: 'under 1 minute' },
] as const;

/** Swaps cost this fraction of the amount (README). */
const SWAP_FEE = new Dec('0.005');

function feeFor(asset: AssetDef, feeRate: 0 | 1 | 2): Dec {
  return new Dec(asset.baseFee).times(FEE_RATES[feeRate].multiplier);
}

function price(state: SandboxState, symbol: string): Dec {
  return state.world.prices.get(symbol) ?? new Dec(0);
}

function wallet(account: AccountState, symbol: string) {
  const w = account.wallets.get(symbol);
  if (!w) throw errors.invalidSymbol();
  return w;
}

/** Refuses when the amount (plus the fee, paid from the network's native wallet) exceeds the balances. */
function checkSendFunds(account: AccountState, asset: AssetDef, amount: Dec, fee: Dec): void {
  const source = wallet(account, asset.symbol);
  const feeWallet = wallet(account, asset.feeSymbol);
  const needFromSource = asset.feeSymbol === asset.symbol ? amount.plus(fee) : amount;
  if (source.amount.lessThan(needFromSource)) throw errors.insufficientBalance();
  if (asset.feeSymbol !== asset.symbol && feeWallet.amount.lessThan(fee)) throw errors.insufficientBalance();
}

function resolveSendTarget(body: z.infer<typeof SendPrecheckBody>): { asset: AssetDef; amount: Dec } {
  const asset = findAsset(body.symbol);
  if (!asset) throw errors.invalidSymbol();
  if (!isValidAddress(asset.addressKind, body.address)) throw errors.invalidAddress();
  return { asset, amount: parseAmount(body.amount, asset) };
}

function quoteSwap(state: SandboxState, body: z.infer<typeof SwapBody>) {
  const from = findAssetOnNetwork(body.fromSymbol, body.fromNetwork);
  const to = findAssetOnNetwork(body.toSymbol, body.toNetwork);
  if (!from || !to || from.symbol === to.symbol) throw errors.invalidSymbol();
  const input = parseAmount(body.amount, body.isUsdInput ? undefined : from);
  const fromPrice = price(state, from.symbol);
  const cryptoAmount = (body.isUsdInput ? input.dividedBy(fromPrice) : input).toDecimalPlaces(
    from.decimals,
    Dec.ROUND_DOWN,
  );
  if (cryptoAmount.lessThanOrEqualTo(0)) throw errors.invalidAmount();
  const toAmount = cryptoAmount
    .times(fromPrice)
    .times(new Dec(1).minus(SWAP_FEE))
    .dividedBy(price(state, to.symbol))
    .toDecimalPlaces(to.decimals, Dec.ROUND_DOWN);
  return { from, to, cryptoAmount, toAmount };
}

/** POST /send/precheck, /send, GET /swap/symbols, POST /swap/precheck, /swap (spec 4.1 #7-#11). */
export function mountMoneyRoutes(router: Router, deps: InterfaceADeps): void {
  const { state } = deps;

  router.post(
    '/send/precheck',
    endpoint(deps, { anyScope: ['transaction:write'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const body = await parseBody(call.ctx, SendPrecheckBody);
      const { asset, amount } = resolveSendTarget(body);
      checkSendFunds(account, asset, amount, feeFor(asset, 0));
      const feePrice = price(state, asset.feeSymbol);
      const feeData = ([0, 1, 2] as const).map((rate) => {
        const fee = feeFor(asset, rate);
        return {
          feeRate: rate,
          fee: fee.toNumber(),
          arrivalEstimation: asset.addressKind === 'evm' ? FEE_RATES[rate].evm : FEE_RATES[rate].utxo,
          symbol: asset.feeSymbol,
          usd: usd(fee.times(feePrice)),
        };
      });
      return {
        feeData,
        price: price(state, asset.symbol).toNumber(),
        availableBalance: wallet(account, asset.symbol).amount.toNumber(),
        symbol: asset.symbol,
        address: body.address,
        amount: amount.toNumber(),
      };
    }),
  );

  router.post(
    '/send',
    endpoint(deps, { anyScope: ['transaction:write'], needsAccount: true, moneyRole: 'send' }, async (call) => {
      const { account } = requireAccount(call);
      const code = tfaHeader(call);
      const body = await parseBody(call.ctx, SendBody);
      const { asset, amount } = resolveSendTarget(body);
      const fingerprint = JSON.stringify([
        asset.symbol,
        body.address,
        amount.toFixed(),
        body.feeRate,
        body.description ?? null,
      ]);
      const key = body.referenceId ? idempotencyKey(account.seed.guid, 'send', body.referenceId) : undefined;
      const previous = key ? recallDuplicate(state, key, fingerprint) : undefined;
      if (previous) {
        await requireTfaForRetry(call, code, previous.tfaCode);
        return previous.result;
      }
      await requireFreshTfa(call, code);
      const fee = feeFor(asset, body.feeRate);
      checkSendFunds(account, asset, amount, fee);

      const world = state.world;
      wallet(account, asset.symbol).amount = wallet(account, asset.symbol).amount.minus(amount);
      wallet(account, asset.feeSymbol).amount = wallet(account, asset.feeSymbol).amount.minus(fee);
      const txId = txIdFor(asset, world.runtime);
      const result = { txId, explorerUrl: `${asset.explorerTx}${txId}` };
      account.history.append(
        makeRow({
          asset,
          address: wallet(account, asset.symbol).address,
          txId,
          amount,
          usdPrice: price(state, asset.symbol),
          status: 'Completed',
          type: 'Withdraw',
          dateMs: Date.now(),
          referenceId: body.referenceId ?? world.runtime.guid(),
          label: body.description ?? '',
          merchantTransactionId: '',
          to: body.address,
          withdrawType: WITHDRAW_TYPE.send,
          isAutoCollected: false,
        }),
      );
      if (key) remember(state, key, { fingerprint, result, tfaCode: code });
      return answerOrDrop(call, result);
    }),
  );

  router.get(
    '/swap/symbols',
    endpoint(deps, { anyScope: ['svc:wallet'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const assets = [...new Set(ASSETS.map((a) => a.asset))];
      const symbolList = assets.map((base) => {
        const networks = [...new Set(ASSETS.filter((a) => a.asset === base).map((a) => a.network))];
        return {
          baseSymbol: base,
          quoteSymbols: assets.filter((q) => q !== base),
          depositNetworks: networks,
          withdrawNetworks: networks,
        };
      });
      const sum = (...symbols: string[]): number =>
        symbols.reduce((total, s) => total.plus(account.wallets.get(s)?.amount ?? 0), new Dec(0)).toNumber();
      return {
        symbolList,
        balance: {
          btcBalance: sum('BTC'),
          ethBalance: sum('ETH', 'OPT-ETH'),
          usdtBalance: sum('USDT', 'BSC-USD', 'OPT-USD'),
          trxBalance: 0,
          bnbBalance: sum('BNB'),
          ltcBalance: sum('LTC'),
          solBalance: 0,
          avaxBalance: 0,
        },
      };
    }),
  );

  router.post(
    '/swap/precheck',
    endpoint(deps, { anyScope: ['transaction:write'], needsAccount: true }, async (call) => {
      requireAccount(call);
      const quote = quoteSwap(state, await parseBody(call.ctx, SwapBody));
      return { cryptoAmount: quote.cryptoAmount.toNumber(), toAmount: quote.toAmount.toNumber() };
    }),
  );

  router.post(
    '/swap',
    endpoint(deps, { anyScope: ['transaction:write'], needsAccount: true, moneyRole: 'swap' }, async (call) => {
      const { account } = requireAccount(call);
      const code = tfaHeader(call);
      const quote = quoteSwap(state, await parseBody(call.ctx, SwapBody));
      await requireFreshTfa(call, code);
      const source = wallet(account, quote.from.symbol);
      const target = wallet(account, quote.to.symbol);
      if (source.amount.lessThan(quote.cryptoAmount)) throw errors.insufficientBalance();

      const world = state.world;
      source.amount = source.amount.minus(quote.cryptoAmount);
      target.amount = target.amount.plus(quote.toAmount);
      const swapReferenceId = world.runtime.guid();
      const txId = txIdFor(quote.from, world.runtime);
      const now = Date.now();
      const leg = (asset: AssetDef, amount: Dec, type: 'Deposit' | 'Withdraw', legTxId: string) =>
        makeRow({
          asset,
          address: wallet(account, asset.symbol).address,
          txId: legTxId,
          amount,
          usdPrice: price(state, asset.symbol),
          status: 'Completed',
          type,
          dateMs: now,
          referenceId: swapReferenceId,
          label: `Swap ${quote.from.symbol} to ${quote.to.symbol}`,
          merchantTransactionId: '',
          to: type === 'Withdraw' ? target.address : '',
          withdrawType: WITHDRAW_TYPE.swap,
          isAutoCollected: false,
        });
      account.history.append(leg(quote.from, quote.cryptoAmount, 'Withdraw', txId));
      account.history.append(leg(quote.to, quote.toAmount, 'Deposit', txIdFor(quote.to, world.runtime)));
      return answerOrDrop(call, {
        address: target.address,
        swapReferenceId,
        sendResult: { txId, explorerUrl: `${quote.from.explorerTx}${txId}` },
        errorCode: null,
        statusCode: 200,
      });
    }),
  );
}
