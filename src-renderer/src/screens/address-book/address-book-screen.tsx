import { useEffect, useState } from 'react';
import type { AddressBookEntry } from '../../../../src-preload/contract/address-book';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { useAddressBookStore } from '../../stores/address-book-store';
import { assetLabel } from '../merchant/merchant-options';
import { AddressBookForm } from './address-book-form';

function EntryRow({
  entry,
  onEdit,
  onDeleting,
  onDeleted,
}: {
  entry: AddressBookEntry;
  onEdit: () => void;
  /** A delete begins: the screen's word on an earlier action goes. */
  onDeleting: () => void;
  onDeleted: (name: string) => void;
}): React.JSX.Element {
  const remove = useAddressBookStore((state) => state.remove);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  return (
    <li className="card address-book-entry">
      <h3>{entry.name}</h3>
      <p>{assetLabel(entry.code)}</p>
      <p className="mono address-book-address" translate="no">
        {entry.address}
      </p>
      {confirming ? (
        <div className="row" role="group" aria-label={`Delete “${entry.name}”?`}>
          <span>{`Delete “${entry.name}” from your address book?`}</span>
          <button
            type="button"
            className="primary"
            autoFocus
            onClick={() => {
              onDeleting();
              setError(null);
              void remove(entry.id).then((failure) => {
                if (failure) setError(failure);
                else onDeleted(entry.name);
              });
            }}
          >
            Delete
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <div className="row">
          <button type="button" className="secondary" aria-label={`Edit “${entry.name}”`} onClick={onEdit}>
            Edit
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Delete “${entry.name}”`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
      <ErrorMessage error={error} />
    </li>
  );
}

/** Named destinations of this account, to pick in Send and (verified ones) in merchant Withdraw. */
export function AddressBookScreen(): React.JSX.Element {
  const entries = useAddressBookStore((state) => state.entries);
  const loadError = useAddressBookStore((state) => state.loadError);
  const load = useAddressBookStore((state) => state.load);
  const [editing, setEditing] = useState<AddressBookEntry | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (entries === null) void load();
  }, [entries, load]);

  return (
    <section aria-labelledby="address-book-title" className="screen address-book-screen">
      <h2 id="address-book-title">Address book</h2>
      <p>
        Named destinations for this account, kept on this computer. Pick them in Send; in merchant Withdraw only those
        that are verified for their asset and network are offered.
      </p>
      <AddressBookForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onStart={() => setMessage(null)}
        onDone={(saved) => {
          setEditing(null);
          setMessage(saved ? `Saved “${saved.name}”.` : null);
        }}
      />
      {message && <p role="status">{message}</p>}
      <ErrorMessage error={loadError} />
      {entries === null ? (
        !loadError && <p aria-busy="true">Loading the address book…</p>
      ) : entries.length === 0 ? (
        <p>No saved addresses yet.</p>
      ) : (
        <ul aria-label="Saved addresses" className="address-book-list">
          {entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              onEdit={() => {
                setMessage(null);
                setEditing(entry);
              }}
              onDeleting={() => setMessage(null)}
              onDeleted={(name) => {
                if (editing?.id === entry.id) setEditing(null);
                setMessage(`Deleted “${name}”.`);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
