import { useEffect, useId } from 'react';
import type { AddressBookEntry } from '../../../src-preload/contract/address-book';
import { useText } from '../i18n/use-text';
import { sameDestination, useAddressBookStore } from '../stores/address-book-store';

/**
 * A choice of saved destinations (already narrowed by the caller to what may be used here). The choice
 * shown follows the address in use, so typing over a picked address never leaves a stale name selected.
 */
export function AddressBookPicker({
  entries,
  address,
  label,
  emptyText,
  onPick,
  disabled = false,
}: {
  entries: readonly AddressBookEntry[];
  address: string;
  label: string;
  emptyText: string;
  onPick: (entry: AddressBookEntry) => void;
  disabled?: boolean;
}): React.JSX.Element {
  const id = useId();
  const t = useText();
  const chosen = entries.find((entry) => sameDestination(entry.address, address.trim()));
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={chosen?.id ?? ''}
        disabled={disabled || entries.length === 0}
        onChange={(event) => {
          const entry = entries.find((candidate) => candidate.id === event.target.value);
          if (entry) onPick(entry);
        }}
      >
        <option value="">{entries.length === 0 ? emptyText : t('money.addressBook.choose')}</option>
        {entries.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {t('money.addressBook.option', { name: entry.name, address: entry.address })}
          </option>
        ))}
      </select>
    </>
  );
}

/** The active account's address book, loaded on first use. */
export function useAddressBookEntries(): AddressBookEntry[] | null {
  const entries = useAddressBookStore((state) => state.entries);
  const load = useAddressBookStore((state) => state.load);
  useEffect(() => {
    if (entries === null) void load();
  }, [entries, load]);
  return entries;
}
