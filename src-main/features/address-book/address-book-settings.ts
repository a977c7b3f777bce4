import { z } from 'zod';
import { AddressBookEntry, AddressBookName } from '../../../src-preload/contract/address-book';

/**
 * settings.json `addressBook`: user GUID → account GUID → entries. Names are checked again when the file is
 * read, so a hand edit cannot bring a bidi override or a line break into a warning (security.md 34).
 */
export const StoredAddressBookEntry = AddressBookEntry.extend({
  name: AddressBookName,
  address: z.string().min(1).max(200),
});
export type StoredAddressBookEntry = z.infer<typeof StoredAddressBookEntry>;

export const AddressBookSettings = z.record(
  z.string().min(1),
  z.record(z.string().min(1), z.array(StoredAddressBookEntry)),
);
export type AddressBookSettings = z.infer<typeof AddressBookSettings>;

export const defaultAddressBookSettings = (): AddressBookSettings => ({});
