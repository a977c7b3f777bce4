import { changeWallet } from '../../data/wallet-book';
import type Router from '@koa/router';
import { z } from 'zod';
import { catalogue, findAssetOnNetwork, type AssetDef } from '../../data/assets';
import { makeRow, txIdFor, WITHDRAW_TYPE } from '../../data/history';
import { Dec } from '../../data/money';
import type { SandboxState } from '../../data/state';
import { parseAmount } from '../amount';
import { settleMove } from '../commit';
import { parseBody, requireAccount, type InterfaceADeps } from '../context';
import { endpoint } from '../endpoint';
import { errors } from '../envelope';
import { requireFreshTfa, tfaHeader } from '../tfa';
import { priceOf, walletOf } from '../wallets';

const SwapBody = z.object({
  fromSymbol: z.string().min(1),
  fromNetwork: z.string().min(1),
  toSymbol: z.string().min(1),
  toNetwork: z.string().min(1),
  amount: z.number(),
  isUsdInput: z.boolean(),
});

/** Swaps cost this fraction of the amount (README). */
const SWAP_FEE = new Dec('0.005');

function quoteSwap(state: SandboxState, body: z.infer<typeof SwapBody>) {
  const from = findAssetOnNetwork(body.fromSymbol, body.fromNetwork);
  const to = findAssetOnNetwork(body.toSymbol, body.toNetwork);
  if (!from || !to || from.symbol === to.symbol) throw errors.invalidSymbol();
  const input = parseAmount(body.amount, body.isUsdInput ? undefined : from);
  const fromPrice = priceOf(state, from.symbol);
  const cryptoAmount = (body.isUsdInput ? input.dividedBy(fromPrice) : input).toDecimalPlaces(
    from.decimals,
    Dec.ROUND_DOWN,
  );
  if (cryptoAmount.lessThanOrEqualTo(0)) throw errors.invalidAmount();
  const toAmount = cryptoAmount
    .times(fromPrice)
    .times(new Dec(1).minus(SWAP_FEE))
    .dividedBy(priceOf(state, to.symbol))
    .toDecimalPlaces(to.decimals, Dec.ROUND_DOWN);
  return { from, to, cryptoAmount, toAmount };
}

/** GET /swap/symbols, POST /swap/precheck and POST /swap (spec 4.1 #9-#11). */
export function mountSwapRoutes(router: Router, deps: InterfaceADeps): void {
  const { state } = deps;

  router.get(
    '/swap/symbols',
    endpoint(deps, { anyScope: ['svc:wallet'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const assets = [...new Set(catalogue().map((a) => a.asset))];
      const symbolList = assets.map((base) => {
        const networks = [
          ...new Set(
            catalogue()
              .filter((a) => a.asset === base)
              .map((a) => a.network),
          ),
        ];
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
          usdtBalance: sum('USDT', 'BSC-USD', 'OPT-USD', 'TRX-USD'),
          trxBalance: sum('TRX'),
          bnbBalance: sum('BNB'),
          ltcBalance: sum('LTC'),
          solBalance: sum('SOL'),
          avaxBalance: sum('AVAX'),
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
      const source = walletOf(account, quote.from.symbol);
      const target = walletOf(account, quote.to.symbol);
      if (source.amount.lessThan(quote.cryptoAmount)) throw errors.insufficientBalance();

      // Ids and rows are fixed now, so a late commit lands exactly what a prompt one would have.
      const world = state.world;
      const swapReferenceId = world.runtime.guid();
      const txId = txIdFor(quote.from, world.runtime);
      const toTxId = txIdFor(quote.to, world.runtime);
      const leg = (asset: AssetDef, amount: Dec, type: 'Deposit' | 'Withdraw', legTxId: string) =>
        makeRow({
          asset,
          address: walletOf(account, asset.symbol).address,
          txId: legTxId,
          amount,
          usdPrice: priceOf(state, asset.symbol),
          status: 'Completed',
          type,
          dateMs: Date.now(),
          referenceId: swapReferenceId,
          label: `Swap ${quote.from.symbol} to ${quote.to.symbol}`,
          merchantTransactionId: '',
          to: type === 'Withdraw' ? target.address : '',
          withdrawType: WITHDRAW_TYPE.swap,
          isAutoCollected: false,
        });
      const rows = [
        leg(quote.from, quote.cryptoAmount, 'Withdraw', txId),
        leg(quote.to, quote.toAmount, 'Deposit', toTxId),
      ];
      const commit = (): void => {
        const now = Date.now();
        changeWallet(account, quote.from.symbol, quote.cryptoAmount.negated(), 'swap', now);
        changeWallet(account, quote.to.symbol, quote.toAmount, 'swap', now);
        for (const row of rows) {
          row.dateMs = now;
          account.history.append(row);
        }
        deps.movements.record({
          interface: 'A',
          kind: 'swap',
          accountGuid: account.seed.guid,
          merchantPublicKey: null,
          referenceId: swapReferenceId,
          merchantTransactionId: null,
          symbol: quote.from.symbol,
          amount: quote.cryptoAmount.toFixed(),
          address: target.address,
        });
      };
      // Swaps carry no referenceId (spec 4.1 #11), so there is nothing to remember for duplicates.
      const accept = (): void => undefined;
      return settleMove(
        call,
        { label: `swap ${swapReferenceId}`, accept, commit },
        {
          address: target.address,
          swapReferenceId,
          sendResult: { txId, explorerUrl: `${quote.from.explorerTx}${txId}` },
          errorCode: null,
          statusCode: 200,
        },
      );
    }),
  );
}
