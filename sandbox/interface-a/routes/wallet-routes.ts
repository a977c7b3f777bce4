import type Router from '@koa/router';
import { z } from 'zod';
import { findAsset } from '../../data/assets';
import { generateAddress } from '../../data/addresses';
import { parseBody, requireAccount, type InterfaceADeps } from '../context';
import { endpoint } from '../endpoint';
import { errors } from '../envelope';
import { parseAmount } from '../amount';
import { idempotencyKey, recallDuplicate, remember } from '../idempotency';
import { walletsView } from '../views';

const DepositBody = z.object({
  symbol: z.string().min(1),
  label: z.string(),
  referenceId: z.string().min(1),
  callbackUrl: z.url({ protocol: /^https?$/ }),
  amount: z.number().optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional(),
});

/** GET /wallets, GET /wallets/{symbol}/address, POST /deposit/address/create (spec 4.1 #2-#4). */
export function mountWalletRoutes(router: Router, deps: InterfaceADeps): void {
  const { state } = deps;

  router.get(
    '/wallets',
    endpoint(deps, { anyScope: ['svc:wallet'], needsAccount: true }, async (call) =>
      walletsView(state, requireAccount(call).account),
    ),
  );

  router.get(
    '/wallets/:symbol/address',
    endpoint(deps, { anyScope: ['svc:wallet'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const asset = findAsset(String(call.ctx.params['symbol'] ?? ''));
      const wallet = asset && account.wallets.get(asset.symbol);
      if (!wallet) throw errors.invalidSymbol();
      return {
        symbolName: wallet.asset.name,
        symbol: wallet.asset.symbol,
        displayName: wallet.asset.displayName,
        network: wallet.asset.network,
        address: wallet.address,
      };
    }),
  );

  router.post(
    '/deposit/address/create',
    endpoint(deps, { anyScope: ['svc:wallet'], needsAccount: true }, async (call) => {
      const { account } = requireAccount(call);
      const body = await parseBody(call.ctx, DepositBody);
      const asset = findAsset(body.symbol);
      if (!asset) throw errors.invalidSymbol();
      if (body.amount !== undefined) parseAmount(body.amount, asset);
      const key = idempotencyKey(account.seed.guid, 'deposit', body.referenceId);
      const fingerprint = JSON.stringify([
        asset.symbol,
        body.label,
        body.callbackUrl,
        body.amount ?? null,
        body.currency?.toUpperCase() ?? null,
      ]);
      // The strict profile recognises no duplicate: the same referenceId makes another address.
      const previous = deps.profile.strict ? undefined : recallDuplicate(state, key, fingerprint);
      if (previous) return previous.result;
      const world = state.world;
      const address = generateAddress(asset.addressKind, world.runtime);
      const result = {
        wallet: address,
        symbol: asset.symbol,
        network: asset.network,
        referenceId: body.referenceId,
        requestId: world.runtime.guid(),
      };
      world.depositAddresses.push({
        accountGuid: account.seed.guid,
        symbol: asset.symbol,
        address,
        referenceId: body.referenceId,
        requestId: result.requestId,
        callbackUrl: body.callbackUrl,
        label: body.label,
      });
      if (!deps.profile.strict) remember(state, key, { fingerprint, result });
      return result;
    }),
  );
}
