import type { AddressBookEntry, AddressBookSaveInput } from '../../../src-preload/contract/address-book';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

interface AddressBookState {
  /** The active account's entries by name; null until loaded. */
  readonly entries: AddressBookEntry[] | null;
  readonly loadError: BridgeError | null;
  load(): Promise<void>;
  /** The saved entry, or the error in words (the form shows it beside its field). */
  save(input: AddressBookSaveInput): Promise<{ ok: true; entry: AddressBookEntry } | { ok: false; error: BridgeError }>;
  remove(id: string): Promise<BridgeError | null>;
}

/** Loaded once per account: a switch, a lock or a sign-out empties it (session-reset). */
export const useAddressBookStore = createSessionStore<AddressBookState>((set, get) => ({
  entries: null,
  loadError: null,

  async load() {
    const result = await wallet.addressBook.list();
    if (result.ok) set({ entries: result.value, loadError: null });
    else set({ loadError: result.error });
  },

  async save(input) {
    const result = await wallet.addressBook.save(input);
    if (!result.ok) return { ok: false, error: result.error };
    await get().load();
    return { ok: true, entry: result.value };
  },

  async remove(id) {
    const result = await wallet.addressBook.remove({ id });
    if (!result.ok) return result.error;
    await get().load();
    return null;
  },
}));

/** EVM case is a checksum: the same account in any case is the same entry (as main compares them). */
export function sameDestination(a: string, b: string): boolean {
  return /^0x/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The entry saved for this asset and address, if any. */
export function findEntry(
  entries: readonly AddressBookEntry[] | null,
  code: string,
  address: string,
): AddressBookEntry | undefined {
  return entries?.find((entry) => entry.code === code && sameDestination(entry.address, address.trim()));
}
