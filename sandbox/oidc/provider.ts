import { randomBytes } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import type { SandboxState } from '../data/state';
import { createMemoryAdapter } from './memory-adapter';
import { logoutPage, messagePage } from './pages';
import { signingKey } from './signing-key';

export const CLIENT_ID = 'wallet-desk';
export const SCOPES = [
  'openid',
  'offline_access',
  'svc:wallet',
  'svc:merchant',
  'transaction:read',
  'transaction:write',
] as const;
export const INTERACTION_PREFIX = '/oidc/interaction/';

export interface OidcOptions {
  issuer: string;
  state: SandboxState;
  accessTokenTtlSeconds: number;
}

/**
 * The OpenID provider of the sandbox. Access tokens are opaque and carry every granted scope (no resource
 * indicators), so Interface A validates them with `provider.AccessToken.find`, as a real resource server
 * would introspect them.
 */
export async function createOidcProvider(options: OidcOptions): Promise<Provider> {
  const { state } = options;
  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: CLIENT_ID,
        client_name: 'Wallet Desk',
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // RFC 8252 7.3: for native clients oidc-provider ignores the port of loopback redirect URIs.
        redirect_uris: ['http://127.0.0.1/callback'],
        post_logout_redirect_uris: ['http://127.0.0.1/callback', 'http://127.0.0.1/logged-out'],
      },
    ],
    scopes: [...SCOPES],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    jwks: { keys: [await signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // Tokens for the resource server must carry svc:* scopes; with resource indicators off they carry
      // whatever the grant holds.
      resourceIndicators: { enabled: false },
      revocation: {
        enabled: true,
        // RFC 7009: a client revokes only tokens issued to it; another client's token is left alone.
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of the Wallet Desk sandbox.');
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PREFIX}${interaction.uid}`,
    },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    // Public native client: rotate on every use, so a stolen refresh token is detected (RFC 9700 4.14.2).
    rotateRefreshToken: true,
    findAccount: (_ctx, sub) => {
      const user = state.userByGuid(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, name: user.name, email: user.email }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`);
    },
  };
  return new Provider(options.issuer, configuration);
}
