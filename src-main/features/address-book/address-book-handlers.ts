import type { Handlers } from '../../dispatch';
import type { AddressBook } from './address-book-service';

type AddressBookHandlers = Pick<Handlers, 'addressBook.list' | 'addressBook.save' | 'addressBook.remove'>;

export function createAddressBookHandlers(deps: { readonly addressBook: AddressBook }): AddressBookHandlers {
  const { addressBook } = deps;
  return {
    'addressBook.list': () => addressBook.list(),
    'addressBook.save': (input) => addressBook.save(input),
    'addressBook.remove': ({ id }) => addressBook.remove(id),
  };
}
