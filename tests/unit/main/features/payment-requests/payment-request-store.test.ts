import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeychainSealer } from '../../../../../src-main/features/portfolio';
import { createPaymentRequestStore, type RequestOwner } from '../../../../../src-main/features/payment-requests';
import { createMemoryStore } from '../../../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../../../src-main/keychain/secret-store';
import { createRecordingLogger } from '../../../support/recording-logger';

const alice: RequestOwner = { environment: 'local-sandbox', userGuid: 'user-alice', accountGuid: 'account-1' };
const bob: RequestOwner = { environment: 'local-sandbox', userGuid: 'user-bob', accountGuid: 'account-1' };

function record(id: string, referenceId: string) {
  return {
    id,
    origin: 'receive' as const,
    referenceId,
    address: 'bc1qexampleaddress',
    code: 'BTC',
    network: 'Bitcoin Mainnet',
    label: 'Invoice',
    expected: { amount: '0.1', unit: 'BTC', kind: 'asset' as const },
    createdAt: '2026-11-26T07:00:00.000Z',
    createdBy: 'Alice',
    createdByGuid: 'user-alice',
  };
}

const ID_1 = '0f6d2c4e-8a1b-4c3d-9e5f-7a6b5c4d3e21';
const ID_2 = '0f6d2c4e-8a1b-4c3d-9e5f-7a6b5c4d3e22';

describe('payment request store', () => {
  let directory: string;
  let secrets: SecretStore;
  const open = () =>
    createPaymentRequestStore({
      directory,
      sealerFor: (environment) => createKeychainSealer(secrets, `payment-requests-key:${environment}`),
      logger: createRecordingLogger(),
    });
  const files = async () => readdir(join(directory, 'local-sandbox'));

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wallet-desk-payreq-store-'));
    secrets = createMemoryStore();
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps requests sealed on disk, readable by a new instance (a restart) for their owner only', async () => {
    await open().add(alice, record(ID_1, 'secret-invoice-ref'));
    for (const name of await files()) {
      const text = await readFile(join(directory, 'local-sandbox', name), 'utf8');
      expect(text).not.toContain('secret-invoice-ref');
      expect(text).not.toContain('bc1qexampleaddress');
    }
    const again = open();
    expect((await again.list(alice)).items.map((item) => item.referenceId)).toEqual(['secret-invoice-ref']);
    expect(await again.list(bob)).toEqual({ items: [], unreadable: 0 });
    expect(await again.remove(bob, ID_1)).toBe(false);
    expect((await again.list(alice)).items).toHaveLength(1);
  });

  it("a file copied to another user's name does not open there", async () => {
    const store = open();
    await store.add(alice, record(ID_1, 'alice-ref'));
    await store.add(bob, record(ID_2, 'bob-ref'));
    const folder = join(directory, 'local-sandbox');
    await copyFile(join(folder, fileNameOf(alice)), join(folder, fileNameOf(bob)));
    await rm(join(folder, fileNameOf(bob).replace('.json', '.prev.json')), { force: true });
    const listed = await open().list(bob);
    expect(listed.items).toEqual([]);
    expect(listed.unreadable).toBe(1);
  });

  it('an unreadable file is set aside, never deleted, and counted until someone looks', async () => {
    const store = open();
    await store.add(alice, record(ID_1, 'first'));
    const current = (await files()).find((name) => /^[0-9a-f]{32}\.json$/.test(name))!;
    await writeFile(join(directory, 'local-sandbox', current), 'not json');
    // The previous generation (none yet: this was the first write) cannot stand in.
    const listed = await open().list(alice);
    expect(listed).toEqual({ items: [], unreadable: 1 });
    await open().add(alice, record(ID_2, 'second'));
    const after = await open().list(alice);
    expect(after.items.map((item) => item.referenceId)).toEqual(['second']);
    expect(after.unreadable).toBe(1);
    const aside = (await files()).filter((name) => name.includes('.unreadable-'));
    expect(aside.length).toBeGreaterThan(0);
    expect(await Promise.all(aside.map((name) => readFile(join(directory, 'local-sandbox', name), 'utf8')))).toContain(
      'not json',
    );
  });

  it('a current file cut short falls back to the previous generation', async () => {
    const store = open();
    await store.add(alice, record(ID_1, 'first'));
    await store.add(alice, record(ID_2, 'second'));
    const current = (await files()).find((name) => /^[0-9a-f]{32}\.json$/.test(name))!;
    await writeFile(join(directory, 'local-sandbox', current), '{"format":"wallet-desk-pay');
    expect((await open().list(alice)).items.map((item) => item.referenceId)).toEqual(['first']);
  });
});

/** Where the store keeps an owner's requests: a hash of the owner, which says nothing about whose it is. */
function fileNameOf(owner: RequestOwner): string {
  const id = JSON.stringify([owner.environment, owner.userGuid, owner.accountGuid]);
  return `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`;
}
