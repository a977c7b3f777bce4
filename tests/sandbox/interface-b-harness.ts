import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { generateSync } from 'otplib';
import { SandboxFaults } from '../../sandbox/faults';
import { createInterfaceB } from '../../sandbox/interface-b';

export interface Envelope {
  apiVersion: string;
  data: unknown;
  code: number;
  message: string;
}

export type TestMerchant = ReturnType<ReturnType<typeof createInterfaceB>['merchants']>[number];

/** Hashes written out here again (not imported), so the tests check the sandbox against the spec text. */
export const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** Interface B mounted on a bare Koa app on 127.0.0.1, port 0, as the sandbox server mounts it. */
export async function startInterfaceB(seed = 11, totpWindowSteps = 1) {
  const faults = new SandboxFaults();
  const logLines: string[] = [];
  const b = createInterfaceB({ seed, faults, log: (line) => logLines.push(line), totpWindowSteps });
  const app = new Koa();
  app.use(b.controlRouter.routes());
  app.use(b.router.routes());
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const merchant = b.merchants()[0] as TestMerchant;
  const other = b.merchants()[1] as TestMerchant;

  async function call(
    path: string,
    body: Record<string, unknown>,
    options: { as?: TestMerchant; apiKey?: string | null } = {},
  ): Promise<{ status: number; body: Envelope }> {
    const who = options.as ?? merchant;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const apiKey = options.apiKey === undefined ? who.secretKey : options.apiKey;
    if (apiKey !== null) headers['X-Api-Key'] = apiKey;
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ PublicKey: who.publicKey, ...body }),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  }

  async function control(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}/__sandbox/deposit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function balances(who: TestMerchant = merchant): Promise<Record<string, number>> {
    const { body } = await call('/v1/merchant/balances', {}, { as: who });
    return body.data as Record<string, number>;
  }

  function close(): Promise<void> {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  return { b, faults, logLines, base, merchant, other, call, control, balances, close };
}

export type Harness = Awaited<ReturnType<typeof startInterfaceB>>;

export function totp(m: TestMerchant): string {
  return generateSync({ secret: m.totpSecret });
}

export function verifyStartBody(
  m: TestMerchant,
  f: { ReferenceId: string; Symbol: string; NetworkId: number; Address: string; Label: string },
) {
  return { ...f, Hash: md5(`${f.Symbol}${f.NetworkId}${f.Address}${f.ReferenceId}${m.secretKey}`) };
}

export function verifyConfirmBody(
  m: TestMerchant,
  f: { ReferenceId: string; Symbol: string; NetworkId: number; Amount: number },
) {
  return { ...f, Hash: md5(`${f.Symbol}${f.NetworkId}${String(f.Amount)}${f.ReferenceId}${m.secretKey}`) };
}

export function withdrawBody(
  m: TestMerchant,
  f: {
    ReferenceId: string;
    Amount: number;
    Symbol: string;
    NetworkId: number;
    Address: string;
    MerchantTransactionId: string;
  },
  extra: { TfaCode?: string; Email?: string; Label?: string } = {},
) {
  return {
    ...f,
    Label: extra.Label ?? 'Payout',
    Email: extra.Email ?? m.email,
    TfaCode: extra.TfaCode ?? totp(m),
    Hash: md5(`${f.Symbol}${String(f.Amount)}${f.Address}${f.MerchantTransactionId}${m.secretKey}`),
  };
}

export function depositCreateBody(
  m: TestMerchant,
  f: { Symbol: string; Label: string; ReferenceId: string; CallbackUrl: string },
  extra: Record<string, unknown> = {},
) {
  return {
    ...f,
    ...extra,
    Hash: md5(`${m.publicKey}${f.Symbol}${f.Label}${f.ReferenceId}${f.CallbackUrl}${m.secretKey}`),
  };
}
