import Router from '@koa/router';
import type Provider from 'oidc-provider';
import type { SandboxState } from '../data/state';
import { readForm } from '../http/body';
import { consentPage, loginPage, messagePage } from './pages';
import { INTERACTION_PREFIX } from './provider';

export interface InteractionOptions {
  provider: Provider;
  state: SandboxState;
  /** Called with the grant id of every consent, so a control call can revoke a user's grants. */
  onGrant: (userGuid: string, grantId: string) => void;
}

function requestedScopes(details: {
  prompt: { details: Record<string, unknown> };
  params: Record<string, unknown>;
}): string[] {
  const missing = details.prompt.details['missingOIDCScope'];
  if (Array.isArray(missing)) return missing.filter((s): s is string => typeof s === 'string');
  const scope = details.params['scope'];
  return typeof scope === 'string' ? scope.split(' ') : [];
}

/**
 * Login and consent pages for oidc-provider's interactions. The login checks the seeded password; consent
 * grants exactly the requested scopes (including offline_access, so the app receives a refresh token).
 */
export function createInteractionRouter(options: InteractionOptions): Router {
  const { provider, state } = options;
  const router = new Router({ prefix: INTERACTION_PREFIX.slice(0, -1) });
  const action = (uid: string): string => `${INTERACTION_PREFIX}${uid}`;

  // The pages have no scripts and must not be framed (clickjacking of "Allow"); no form-action directive,
  // since browsers apply it to the redirect chain that ends at the app's loopback callback.
  router.use(async (ctx, next) => {
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    try {
      await next();
    } catch (error) {
      // A missing or expired interaction cookie (oidc-provider's SessionNotFound) is a user-facing dead end,
      // not a server fault.
      if (ctx.respond === false || ctx.headerSent) throw error;
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in expired',
        'This sign-in attempt has expired or is not valid. Start again from the app.',
      );
    }
  });

  router.get('/:uid', async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    if (details.prompt.name === 'login') {
      ctx.body = loginPage(action(details.uid), { clientName: 'Wallet Desk' });
      return;
    }
    const user = state.userByGuid(details.session?.accountId ?? '');
    ctx.body = consentPage(action(details.uid), {
      clientName: 'Wallet Desk',
      username: user?.username ?? 'unknown',
      scopes: requestedScopes(details),
    });
  });

  router.post('/:uid', async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const form = await readForm(ctx);
    if (details.prompt.name === 'login') {
      const username = form.get('username') ?? '';
      const user = state.userByName(username);
      if (!user || user.password !== (form.get('password') ?? '')) {
        ctx.status = 401;
        ctx.type = 'html';
        ctx.set('Cache-Control', 'no-store');
        ctx.body = loginPage(action(details.uid), {
          clientName: 'Wallet Desk',
          username,
          error: 'Wrong username or password.',
        });
        return;
      }
      ctx.respond = false;
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId: user.userGuid } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name !== 'consent') {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', `Unsupported step: ${details.prompt.name}`);
      return;
    }
    ctx.respond = false;
    if (form.get('decision') !== 'allow') {
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'The user cancelled the request' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent without a signed-in session');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
    if (!grant) throw new Error('grant of this interaction is gone');
    grant.addOIDCScope(requestedScopes(details));
    const claims = details.prompt.details['missingOIDCClaims'];
    if (Array.isArray(claims)) grant.addOIDCClaims(claims.filter((c): c is string => typeof c === 'string'));
    const grantId = await grant.save();
    options.onGrant(accountId, grantId);
    await provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  return router;
}
