import { changeWallet } from '../../data/wallet-book';
import type Router from '@koa/router';
import { z } from 'zod';
import { findAsset, type AssetDef } from '../../data/assets';
import { isValidAddress } from '../../data/addresses';
import { makeRow, txIdFor, WITHDRAW_TYPE } from '../../data/history';
import { Dec, usd } from '../../data/money';
import type { AccountState } from '../../data/state';
import { parseAmount } from '../amount';
import { settleMove } from '../commit';
import { parseBody, requireAccount, type InterfaceADeps } from '../context';
import { endpoint } from '../endpoint';
import { errors } from '../envelope';
import { idempotencyKey, recallDuplicate, remember } from '../idempotency';
import { requireFreshTfa, requireTfaForRetry, tfaHeader } from '../tfa';
import { priceOf, walletOf } from '../wallets';

const SendPrecheckBody = z.object({ symbol: z.string().min(1), address: z.string().min(1), amount: z.number() });
const SendBody = SendPrecheckBody.extend({
  feeRate: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  referenceId: z.string().min(1).optional(),
  description: z.string().optional(),
});
/** Fee multipliers and arrival estimates per FeeRate 0 Low, 1 Standard, 2 High (README). */
const FEE_RATES = [
  { multiplier: '0.5', utxo: 'about 60 minutes', evm: 'about 5 minutes' },
  { multiplier: '1', utxo: 'about 30 minutes', evm: 'about 2 minutes' },
  { multiplier: '2', utxo: 'about 10 minutes', evm: 'under 1 minute' },
] as const;

function feeFor(asset: AssetDef, feeRate: 0 | 1 | 2): Dec {
  return new Dec(asset.baseFee).times(FEE_RATES[feeRate].multiplier);
}

/** Refuses when the amount (plus the fee, paid from the network's native wallet) exceeds the balances. */
function checkSendFunds(account: AccountState, asset: AssetDef, amount: Dec, fee: Dec): void {
  const source = walletOf(account, asset.symbol);
  const feeWallet = walletOf(account, asset.feeSymbol);
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

/** POST /send/precheck and POST /send (spec 4.1 #7, #8). */
export function mountSendRoutes(router: Router, deps: InterfaceADeps): void {
  const { state } = deps;

  router.post(
    '/send/precheck',
    endpoint(deps, { anyScope: ['transaction:write'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const body = await parseBody(call.ctx, SendPrecheckBody);
      const { asset, amount } = resolveSendTarget(body);
      checkSendFunds(account, asset, amount, feeFor(asset, 0));
      const feePrice = priceOf(state, asset.feeSymbol);
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
        price: priceOf(state, asset.symbol).toNumber(),
        availableBalance: walletOf(account, asset.symbol).amount.toNumber(),
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
      // The strict profile recognises no duplicate: the same referenceId moves money again.
      const key =
        body.referenceId && !deps.profile.strict
          ? idempotencyKey(account.seed.guid, 'send', body.referenceId)
          : undefined;
      const previous = key ? recallDuplicate(state, key, fingerprint) : undefined;
      if (previous) {
        await requireTfaForRetry(call, code, previous.tfaCode);
        return previous.result;
      }
      await requireFreshTfa(call, code);
      const fee = feeFor(asset, body.feeRate);
      checkSendFunds(account, asset, amount, fee);

      // Everything the answer and the history row carry is fixed now, so a late commit lands the same.
      const world = state.world;
      const txId = txIdFor(asset, world.runtime);
      const result = { txId, explorerUrl: `${asset.explorerTx}${txId}` };
      const row = makeRow({
        asset,
        address: walletOf(account, asset.symbol).address,
        txId,
        amount,
        usdPrice: priceOf(state, asset.symbol),
        status: 'Completed',
        type: 'Withdraw',
        dateMs: Date.now(),
        referenceId: body.referenceId ?? world.runtime.guid(),
        label: body.description ?? '',
        merchantTransactionId: '',
        to: body.address,
        withdrawType: WITHDRAW_TYPE.send,
        isAutoCollected: false,
      });
      const commit = (): void => {
        row.dateMs = Date.now();
        changeWallet(account, asset.symbol, amount.negated(), 'send', row.dateMs);
        changeWallet(account, asset.feeSymbol, fee.negated(), 'fee', row.dateMs);
        account.history.append(row);
        deps.movements.record({
          interface: 'A',
          kind: 'send',
          accountGuid: account.seed.guid,
          merchantPublicKey: null,
          referenceId: body.referenceId ?? null,
          merchantTransactionId: null,
          symbol: asset.symbol,
          amount: amount.toFixed(),
          address: body.address,
        });
      };
      const accept = (): void => {
        if (key) remember(state, key, { fingerprint, result, tfaCode: code });
      };
      return settleMove(call, { label: `send ${txId}`, accept, commit }, result);
    }),
  );
}
