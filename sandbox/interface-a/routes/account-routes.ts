import type Router from '@koa/router';
import { z } from 'zod';
import { parseBody, requireAccount, type InterfaceADeps } from '../context';
import { endpoint } from '../endpoint';
import { errors } from '../envelope';
import { accountInfos, walletsView } from '../views';

const SwitchBody = z.object({ accountGuid: z.string().min(1) });

/** GET /session, GET /accounts, POST /accounts/switch (spec 4.1 #1, #5, #6). */
export function mountAccountRoutes(router: Router, deps: InterfaceADeps): void {
  const { state } = deps;

  router.get(
    '/session',
    endpoint(deps, { anyScope: ['svc:wallet', 'svc:merchant'], needsAccount: false }, async ({ user }) => {
      const accounts = accountInfos(state, user);
      const current = state.world.currentAccount.get(user.userGuid) ?? accounts[0]?.guid ?? null;
      return {
        isAuthenticated: true,
        user: { userGuid: user.userGuid, name: user.name, email: user.email },
        accounts,
        currentAccountGuid: current,
      };
    }),
  );

  router.get(
    '/accounts',
    endpoint(deps, { anyScope: ['svc:merchant'], needsAccount: true }, async (call) => {
      const { account, role } = requireAccount(call);
      const all = accountInfos(state, call.user);
      return {
        name: account.seed.name,
        email: call.user.email,
        merchantGuid: account.seed.merchantGuid,
        role,
        connectedAccounts: all.filter((a) => a.guid !== account.seed.guid),
        companyCount: all.filter((a) => !a.isPersonalAccount).length,
        userGuid: call.user.userGuid,
      };
    }),
  );

  router.post(
    '/accounts/switch',
    endpoint(deps, { anyScope: ['svc:merchant'], needsAccount: true }, async (call) => {
      const body = await parseBody(call.ctx, SwitchBody);
      const target = state.account(body.accountGuid);
      if (!target || !state.roleOf(call.user, body.accountGuid)) throw errors.accountDenied();
      state.world.currentAccount.set(call.user.userGuid, body.accountGuid);
      return {
        currentAccountGuid: body.accountGuid,
        accounts: accountInfos(state, call.user),
        ...walletsView(state, target),
      };
    }),
  );
}
