import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { ETH_ADDRESS, md5 } from './interface-b-harness';

type Merchant = ReturnType<RunningSandbox['info']>['merchants'][number];

interface Listed {
  merchantName: string | null;
  merchantPublicKey: string;
  referenceId: string;
  symbol: string;
  networkId: number;
  address: string;
  label: string;
  amount: string;
  wrongAttempts: number;
  alreadyVerified: boolean;
}

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await sandbox?.close();
  sandbox = undefined;
});

const REFERENCE = 'member-visible';
const start = { ReferenceId: REFERENCE, Symbol: 'ETH', NetworkId: 3, Address: ETH_ADDRESS, Label: 'Treasury cold' };

async function callB(running: RunningSandbox, merchant: Merchant, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${running.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': merchant.secretKey },
    body: JSON.stringify({ PublicKey: merchant.publicKey, ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: unknown };
}

async function startVerification(running: RunningSandbox, merchant: Merchant): Promise<number> {
  const hash = md5(`${start.Symbol}${start.NetworkId}${start.Address}${start.ReferenceId}${merchant.secretKey}`);
  const answer = await callB(running, merchant, '/v1/verify/start', { ...start, Hash: hash });
  return (answer.data as { amount: number }).amount;
}

async function confirm(running: RunningSandbox, merchant: Merchant, amount: string): Promise<boolean> {
  const hash = md5(`${start.Symbol}${start.NetworkId}${amount}${start.ReferenceId}${merchant.secretKey}`);
  const body = { ReferenceId: REFERENCE, Symbol: 'ETH', NetworkId: 3, Amount: Number(amount), Hash: hash };
  return ((await callB(running, merchant, '/v1/verify/confirmAmount', body)).data as { isVerified: boolean })
    .isVerified;
}

async function listed(running: RunningSandbox): Promise<Listed[]> {
  const response = await fetch(`${running.origin}/__sandbox/verifications`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { verifications: Listed[] }).verifications;
}

describe('the verification micro-amount is visible in the sandbox, as on a test network', () => {
  it('GET /__sandbox/verifications lists the amount sent per merchant and address until it is confirmed', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const [merchant] = sandbox.info().merchants as [Merchant];
    expect(await listed(sandbox)).toEqual([]);

    const sent = await startVerification(sandbox, merchant);
    const [entry, ...others] = await listed(sandbox);
    expect(others).toEqual([]);
    expect(entry).toEqual({
      merchantName: merchant.name,
      merchantPublicKey: merchant.publicKey,
      referenceId: REFERENCE,
      symbol: 'ETH',
      networkId: 3,
      address: ETH_ADDRESS,
      label: 'Treasury cold',
      amount: String(sent),
      wrongAttempts: 0,
      alreadyVerified: false,
    });

    // Exact decimal text, as a tester types it: a wrong amount is counted, the listed one verifies.
    expect(await confirm(sandbox, merchant, '0.1')).toBe(false);
    expect((await listed(sandbox))[0]?.wrongAttempts).toBe(1);
    expect(await confirm(sandbox, merchant, entry?.amount ?? '')).toBe(true);
    expect(await listed(sandbox)).toEqual([]);

    // A new start of a verified address waits for its new amount again.
    await startVerification(sandbox, merchant);
    expect((await listed(sandbox)).map((item) => item.alreadyVerified)).toEqual([true]);
  });

  it('the control page GET /__sandbox/ shows a person the amount sent, as a table, until it is confirmed', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const [merchant] = sandbox.info().merchants as [Merchant];
    const page = async () => {
      const response = await fetch(`${sandbox?.origin ?? ''}/__sandbox/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      return response.text();
    };
    expect(await page()).toContain('No address verification is waiting for its amount.');

    const sent = String(await startVerification(sandbox, merchant));
    const shown = await page();
    expect(shown).toContain('<caption>Verification amounts sent</caption>');
    const cells = [...shown.matchAll(/<td>([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual([merchant.name, REFERENCE, 'ETH (network 3)', ETH_ADDRESS, `${sent} ETH`, '0']);

    expect(await confirm(sandbox, merchant, sent)).toBe(true);
    expect(await page()).toContain('No address verification is waiting for its amount.');
  });

  it('tells the amount to onVerificationSent even when quiet, which is how the harness prints it', async () => {
    const told: string[] = [];
    sandbox = await startSandbox({ port: 0, quiet: true, onVerificationSent: (line) => told.push(line) });
    const [merchant] = sandbox.info().merchants as [Merchant];
    const sent = await startVerification(sandbox, merchant);
    expect(told).toEqual([
      `interface-b verification ${merchant.name}: sent ${String(sent)} ETH to ${ETH_ADDRESS} (reference ${REFERENCE}); confirm with that amount (also on the page GET /__sandbox/)`,
    ]);
  });

  it('prints the amount when a verification starts, unless quiet', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    sandbox = await startSandbox({ port: 0, quiet: false });
    const [merchant] = sandbox.info().merchants as [Merchant];
    const sent = await startVerification(sandbox, merchant);
    expect(printed).toContainEqual(
      `[sandbox] interface-b verification ${merchant.name}: sent ${String(sent)} ETH to ${ETH_ADDRESS} (reference ${REFERENCE}); confirm with that amount (also on the page GET /__sandbox/)`,
    );
    await sandbox.close();

    printed.length = 0;
    sandbox = await startSandbox({ port: 0, quiet: true });
    await startVerification(sandbox, merchant);
    expect(printed.filter((line) => line.includes('verification'))).toEqual([]);
  });
});
