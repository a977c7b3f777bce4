import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';
import { AddressBookSaveInput } from '../../../../../src-preload/contract/address-book';
import { createAddressBook } from '../../../../../src-main/features/address-book';
import { AppError } from '../../../../../src-main/app-error';
import { openSettingsStore, SETTINGS_FILE } from '../../../../../src-main/settings/settings-store';
import { createRecordingLogger } from '../../../support/recording-logger';
import { earlierSettingsFile } from '../../../support/settings-file';

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A session whose user and active account the test moves between. */
function fakeSession(start: { userGuid: string; accountGuid: string } | null) {
  let current = start;
  return {
    set(next: typeof current) {
      current = next;
    },
    activeUser() {
      if (!current) throw new AppError('not_signed_in', 'Please sign in first.');
      return { userGuid: current.userGuid, name: 'Test' };
    },
    activeAccount() {
      if (!current) throw new AppError('not_signed_in', 'Please sign in first.');
      return { guid: current.accountGuid, name: 'Acct', role: 'Agent', canMoveMoney: true } as never;
    },
  };
}

async function book(start = { userGuid: 'u1', accountGuid: 'a1' }) {
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-book-'));
  const settings = await openSettingsStore(dir);
  const session = fakeSession(start);
  return {
    dir,
    settings,
    session,
    addressBook: createAddressBook({ settings, session, logger: createRecordingLogger() }),
  };
}

describe('the address book', () => {
  it('saves a checked address under a name, in settings.json, for this user and account only', async () => {
    const { dir, session, addressBook } = await book();
    const saved = await addressBook.save({ name: 'Cold storage', code: 'BTC', address: BTC.toUpperCase() });
    // bech32 is stored as the check normalises it.
    expect(saved).toMatchObject({ name: 'Cold storage', code: 'BTC', network: 'Bitcoin Mainnet', address: BTC });
    const onDisk = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'));
    expect(onDisk.addressBook.u1.a1).toHaveLength(1);

    session.set({ userGuid: 'u1', accountGuid: 'a2' });
    expect(addressBook.list()).toEqual([]);
    session.set({ userGuid: 'u2', accountGuid: 'a1' });
    expect(addressBook.list()).toEqual([]);
    session.set({ userGuid: 'u1', accountGuid: 'a1' });
    expect(addressBook.list().map((entry) => entry.name)).toEqual(['Cold storage']);
    // Reopened from disk, it is still there.
    const reopened = await openSettingsStore(dir);
    expect(reopened.problem).toBeNull();
    expect(reopened.get().addressBook.u1?.a1?.[0]?.address).toBe(BTC);
  });

  it('refuses an address with a wrong checksum or of another network, and writes nothing', async () => {
    const { settings, addressBook } = await book();
    const wrongCase = EVM.replace('aA', 'Aa');
    await expect(addressBook.save({ name: 'Typo', code: 'ETH', address: wrongCase })).rejects.toMatchObject({
      code: 'invalid_address',
      field: 'address',
    });
    await expect(addressBook.save({ name: 'Wrong chain', code: 'LTC', address: BTC })).rejects.toMatchObject({
      code: 'invalid_address',
    });
    expect(settings.get().addressBook).toEqual({});
  });

  it('refuses the same address twice for one asset (in any EVM case) and a name used twice', async () => {
    const { addressBook } = await book();
    await addressBook.save({ name: 'Exchange', code: 'ETH', address: EVM });
    await expect(addressBook.save({ name: 'Again', code: 'ETH', address: EVM.toLowerCase() })).rejects.toThrow(
      /already in your address book as “Exchange”/,
    );
    await expect(addressBook.save({ name: 'exchange', code: 'USDT', address: EVM })).rejects.toMatchObject({
      field: 'name',
    });
    // The same address for another asset on the network is another entry.
    await addressBook.save({ name: 'Exchange USDT', code: 'USDT', address: EVM });
    expect(addressBook.list()).toHaveLength(2);
  });

  it('renames, changes and deletes an entry by id', async () => {
    const { addressBook } = await book();
    const first = await addressBook.save({ name: 'Old', code: 'ETH', address: EVM });
    const renamed = await addressBook.save({ id: first.id, name: 'New', code: 'ETH', address: EVM });
    expect(renamed.id).toBe(first.id);
    expect(renamed.createdAt).toBe(first.createdAt);
    expect(addressBook.list().map((entry) => entry.name)).toEqual(['New']);
    expect(await addressBook.remove(first.id)).toEqual({ removed: true });
    expect(await addressBook.remove(first.id)).toEqual({ removed: false });
    await expect(addressBook.save({ id: first.id, name: 'Gone', code: 'ETH', address: EVM })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('names are user text: no bidi overrides or line breaks, not empty, not too long', () => {
    const ok = { code: 'BTC', address: BTC };
    expect(AddressBookSaveInput.safeParse({ ...ok, name: 'Pay\u202Eroll' }).success).toBe(false);
    expect(AddressBookSaveInput.safeParse({ ...ok, name: 'a\nb' }).success).toBe(false);
    expect(AddressBookSaveInput.safeParse({ ...ok, name: '   ' }).success).toBe(false);
    expect(AddressBookSaveInput.safeParse({ ...ok, name: 'x'.repeat(61) }).success).toBe(false);
    expect(AddressBookSaveInput.parse({ ...ok, name: '  Payroll  ' }).name).toBe('Payroll');
  });

  it('a hand-edited file with a bidi override in a name is refused as a whole, like any invalid setting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-book-'));
    const entry = {
      id: '6f1c1a8e-2f5b-4d8e-9a59-1b2f3c4d5e6f',
      name: 'Pay\u202Eroll',
      code: 'BTC',
      network: 'Bitcoin Mainnet',
      address: BTC,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await writeFile(join(dir, SETTINGS_FILE), earlierSettingsFile({ addressBook: { u1: { a1: [entry] } } }));
    const settings = await openSettingsStore(dir);
    expect(settings.problem).toMatch(/using defaults/);
    expect(settings.get().addressBook).toEqual({});
  });

  it('gives the look-alike check nothing while nobody is signed in', async () => {
    const { session, addressBook } = await book();
    await addressBook.save({ name: 'Exchange', code: 'ETH', address: EVM });
    expect(addressBook.known()).toEqual([{ address: EVM, name: 'Exchange' }]);
    session.set(null);
    expect(addressBook.known()).toEqual([]);
    expect(() => addressBook.list()).toThrow(/sign in/);
  });
});

describe("the address book in the user's alphabet", () => {
  it.each([
    ['en', ['Çelik', 'Cem', 'Deniz']],
    ['tr', ['Cem', 'Çelik', 'Deniz']],
  ] as const)("%s: lists names in that language's order", async (language, order) => {
    setMainLanguage(language, [language]);
    try {
      const { addressBook } = await book();
      await addressBook.save({ name: 'Deniz', code: 'ETH', address: EVM });
      await addressBook.save({ name: 'Çelik', code: 'USDT', address: EVM });
      await addressBook.save({ name: 'Cem', code: 'BTC', address: BTC });
      expect(addressBook.list().map((entry) => entry.name)).toEqual(order);
    } finally {
      setMainLanguage('en', ['en-US']);
    }
  });
});
