import { useEffect, useState } from 'react';
import type { AddressBookEntry } from '../../../../src-preload/contract/address-book';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { useAddressBookStore } from '../../stores/address-book-store';
import { assetLabel } from '../merchant/merchant-options';
import { AddressBookForm } from './address-book-form';
import { useText } from '../../i18n/use-text';

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
  const t = useText();
  const [error, setError] = useState<BridgeError | null>(null);
  return (
    <li className="card address-book-entry">
      <h3>{entry.name}</h3>
      <p>{assetLabel(entry.code)}</p>
      <p className="mono address-book-address" translate="no">
        {entry.address}
      </p>
      {confirming ? (
        <div className="row" role="group" aria-label={t('addressBook.entry.confirmLabel', { name: entry.name })}>
          <span>{t('addressBook.entry.confirm', { name: entry.name })}</span>
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
            {t('addressBook.entry.delete')}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            {t('addressBook.entry.keep')}
          </button>
        </div>
      ) : (
        <div className="row">
          <button
            type="button"
            className="secondary"
            aria-label={t('addressBook.entry.editLabel', { name: entry.name })}
            onClick={onEdit}
          >
            {t('addressBook.entry.edit')}
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={t('addressBook.entry.deleteLabel', { name: entry.name })}
            onClick={() => setConfirming(true)}
          >
            {t('addressBook.entry.delete')}
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
  const t = useText();

  useEffect(() => {
    if (entries === null) void load();
  }, [entries, load]);

  return (
    <section aria-labelledby="address-book-title" className="screen address-book-screen">
      <h2 id="address-book-title">{t('addressBook.title')}</h2>
      <p>{t('addressBook.lead')}</p>
      <AddressBookForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onStart={() => setMessage(null)}
        onDone={(saved) => {
          setEditing(null);
          setMessage(saved ? t('addressBook.saved', { name: saved.name }) : null);
        }}
      />
      {message && <p role="status">{message}</p>}
      <ErrorMessage error={loadError} />
      {entries === null ? (
        !loadError && <p aria-busy="true">{t('addressBook.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('addressBook.none')}</p>
      ) : (
        <ul aria-label={t('addressBook.list')} className="address-book-list">
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
                setMessage(t('addressBook.deleted', { name }));
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
