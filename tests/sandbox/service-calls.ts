import type { Movement, RunningSandbox, SandboxInfo } from '../../sandbox/server';
import { api } from './helpers';
import { withdrawBody, type Envelope } from './interface-b-harness';

/** A seeded merchant as /__sandbox/info lists it. */
export type InfoMerchant = SandboxInfo['merchants'][number];

export interface ControlAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A control API call over loopback HTTP, as a test tool on the same machine would make it. */
export async function control(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ControlAnswer> {
  const res = await fetch(`${sandbox.origin}/__sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** GET /__sandbox/movements: what the sandbox's own books say moved. */
export async function movements(sandbox: RunningSandbox): Promise<Movement[]> {
  const answer = await control(sandbox, 'GET', 'movements');
  return answer.body['movements'] as Movement[];
}

export function merchantOf(sandbox: RunningSandbox, index = 0): InfoMerchant {
  const merchant = sandbox.info().merchants[index];
  if (!merchant) throw new Error(`no seeded merchant ${index}`);
  return merchant;
}

/** An Interface B call signed with the merchant's keys. */
export async function merchantCall(
  sandbox: RunningSandbox,
  merchant: InfoMerchant,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Envelope }> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': merchant.secretKey },
    body: JSON.stringify({ PublicKey: merchant.publicKey, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}

export const ETH_DEST = '0x52908400098527886E0F7030069857D2E4169EE7';

/** /v1/withdraw/add of `amount` ETH on Ethereum to ETH_DEST, with the given code and ids. */
export function withdrawEth(
  sandbox: RunningSandbox,
  merchant: InfoMerchant,
  ids: { merchantTransactionId: string; referenceId?: string; amount?: number },
  tfaCode: string,
): Promise<{ status: number; body: Envelope }> {
  const body = withdrawBody(
    merchant,
    {
      ReferenceId: ids.referenceId ?? `ref-${ids.merchantTransactionId}`,
      Amount: ids.amount ?? 0.01,
      Symbol: 'ETH',
      NetworkId: 3,
      Address: ETH_DEST,
      MerchantTransactionId: ids.merchantTransactionId,
    },
    { TfaCode: tfaCode },
  );
  return merchantCall(sandbox, merchant, '/v1/withdraw/add', body);
}

export interface HistoryItem {
  txId: string;
  amount: number;
  type: string;
  status: string;
  referenceId: string;
  merchantTransactionId: string;
  to: string;
  withdrawType: number;
  symbol: string;
  label: string;
}

/** POST /transactions with a text filter, newest first. */
export async function historyMatching(
  sandbox: RunningSandbox,
  token: string,
  account: string,
  filter: string,
): Promise<{ totalRecords: number; items: HistoryItem[] }> {
  const res = await api<{ totalRecords: number; items: HistoryItem[] }>(sandbox, 'POST', '/transactions', {
    token,
    account,
    body: { page: 1, recordsPerPage: 50, filter },
  });
  if (res.status !== 200) throw new Error(`history ${res.status} ${res.body.message}`);
  return res.body.data;
}
