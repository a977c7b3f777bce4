import { useEffect, useId, useState } from 'react';
import { findAssetNetwork, type AssetCode } from '../../../src-preload/contract/asset-table';
import type { BridgeError } from '../../../src-preload/result';
import { useText } from '../i18n/use-text';
import { findEntry, useAddressBookStore } from '../stores/address-book-store';
import { ErrorMessage } from './error-message';

/**
 * "Save to address book" beside an address the user has dealt with (a send, a history row, a verified
 * address): a name, then main checks the address for its network before keeping it. Says so instead when
 * the address is saved already.
 */
export function SaveToAddressBook({
  code,
  address,
  suggestedName = '',
}: {
  code: string;
  address: string;
  suggestedName?: string;
}): React.JSX.Element | null {
  const entries = useAddressBookStore((state) => state.entries);
  const load = useAddressBookStore((state) => state.load);
  const save = useAddressBookStore((state) => state.save);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<BridgeError | null>(null);
  const [saving, setSaving] = useState(false);
  const [justSaved, setJustSaved] = useState<string | null>(null);
  const nameId = useId();
  const errorId = useId();
  const t = useText();

  useEffect(() => {
    if (entries === null) void load();
  }, [entries, load]);

  const asset = findAssetNetwork(code);
  if (!asset || address.trim() === '') return null;
  const saved = findEntry(entries, code, address);
  if (saved) {
    return (
      <p className="address-book-saved" role={justSaved ? 'status' : undefined}>
        {justSaved ? t('money.book.justSaved', { name: saved.name }) : t('money.book.saved', { name: saved.name })}
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t('money.book.open')}
      </button>
    );
  }
  return (
    <form
      className="address-book-save row"
      aria-label={t('money.book.open')}
      onSubmit={(event) => {
        event.preventDefault();
        if (saving) return;
        setSaving(true);
        void save({ name, code: asset.code as AssetCode, address }).then((result) => {
          setSaving(false);
          if (result.ok) {
            setError(null);
            setJustSaved(result.entry.name);
          } else setError(result.error);
        });
      }}
    >
      <label htmlFor={nameId}>{t('money.book.name')}</label>
      <input
        id={nameId}
        value={name}
        maxLength={60}
        autoComplete="off"
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="primary" disabled={saving}>
        {t('money.book.save')}
      </button>
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        {t('money.book.cancel')}
      </button>
      <ErrorMessage error={error} id={errorId} />
    </form>
  );
}
