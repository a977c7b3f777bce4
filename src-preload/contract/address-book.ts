import { z } from 'zod';
import { AssetCode } from './assets';
import { operation } from './define';
import { PlainText, UserText } from './text';
import { issueId } from '../input-issues';

/** The name a person gives a destination: shown in lists, the send form and look-alike warnings. */
export const AddressBookName = UserText(60, issueId('inputIssues.addressBook.nameTooLong')).pipe(
  z.string().min(1, issueId('inputIssues.addressBook.giveName')),
);

/**
 * A named destination of one asset on one network (the asset code names both: USDT on BSC is BSC-USD),
 * kept in settings.json for one signed-in user and one of their accounts.
 */
export const AddressBookEntry = z.object({
  id: z.uuid(),
  name: z.string(),
  code: AssetCode,
  /** The network's name, for people (the code already decides it). */
  network: z.string(),
  /** As the network check normalised it (bech32 in lower case, EVM with its checksum case). */
  address: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

export const AddressBookSaveInput = z
  .object({
    /** Absent for a new entry; an existing entry's id to rename it or change its address. */
    id: z.uuid().optional(),
    name: AddressBookName,
    code: AssetCode,
    address: PlainText().max(200),
  })
  .strict();
export type AddressBookSaveInput = z.input<typeof AddressBookSaveInput>;

export const addressBookOperations = {
  /** The active account's saved destinations (of the signed-in user), by name. */
  'addressBook.list': operation(z.void(), z.array(AddressBookEntry)),
  /** Adds or changes an entry after checking the address's format and checksum for its network. */
  'addressBook.save': operation(AddressBookSaveInput, AddressBookEntry),
  'addressBook.remove': operation(z.object({ id: z.uuid() }).strict(), z.object({ removed: z.boolean() })),
} as const;
