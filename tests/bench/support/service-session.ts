import type { RunningSandbox } from '../../../sandbox/server';
import { login } from '../../sandbox/helpers';

/** The account with the 20,000-record history (sandbox/data/identities.ts). */
export const HISTORY_ACCOUNT = 'Alice Trading Ltd';

export interface ServiceSession {
  /** Interface A root: baseUrl + /api/OAuth. */
  readonly apiRoot: string;
  readonly baseUrl: string;
  readonly accessToken: string;
  readonly accountGuid: string;
}

/** Signs alice in through the sandbox's own login and consent pages (plain fetch) and picks the large-history account. */
export async function openServiceSession(sandbox: RunningSandbox): Promise<ServiceSession> {
  const alice = sandbox.info().users.find((user) => user.username === 'alice');
  const account = alice?.accounts.find((candidate) => candidate.name === HISTORY_ACCOUNT);
  if (!account) throw new Error(`the sandbox has no "${HISTORY_ACCOUNT}" account for alice`);
  const tokens = await login(sandbox, 'alice');
  return {
    apiRoot: `${sandbox.baseUrl}/api/OAuth`,
    baseUrl: sandbox.baseUrl,
    accessToken: tokens.access_token,
    accountGuid: account.guid,
  };
}

export type ServiceRequest =
  | { readonly method: 'GET'; readonly path: '/wallets' }
  | {
      readonly method: 'POST';
      readonly path: '/transactions';
      readonly body: { readonly page: number; readonly recordsPerPage: number };
    }
  | {
      readonly method: 'POST';
      readonly path: '/send/precheck';
      readonly body: { readonly symbol: string; readonly address: string; readonly amount: number };
    };

/** The request exactly as the Interface A client sends it, minus its timeout and redirect guard. */
export function bareInit(session: ServiceSession, request: ServiceRequest): RequestInit {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Account-Guid': session.accountGuid,
    Authorization: `Bearer ${session.accessToken}`,
  };
  if (request.method === 'GET') return { method: 'GET', headers };
  return {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(request.body),
  };
}

export function elapsedMs(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e6;
}
