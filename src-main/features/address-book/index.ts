export { createAddressBookHandlers } from './address-book-handlers';
export { createAddressBook, type AddressBook } from './address-book-service';
