import { useId, useState } from 'react';
import type { AddressBookEntry } from '../../../../src-preload/contract/address-book';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { useAddressBookStore } from '../../stores/address-book-store';
import { AssetOptions } from '../merchant/merchant-options';

import { useText } from '../../i18n/use-text';

const FIELDS = ['name', 'code', 'address'];

/** Adds an entry, or edits one (`editing`); main checks the address for the chosen network. */
export function AddressBookForm({
  editing,
  onStart,
  onDone,
}: {
  editing: AddressBookEntry | null;
  /** A save begins: what the screen said of an earlier action no longer describes the latest one. */
  onStart: () => void;
  onDone: (saved: AddressBookEntry | null) => void;
}): React.JSX.Element {
  const save = useAddressBookStore((state) => state.save);
  const [name, setName] = useState(editing?.name ?? '');
  const [code, setCode] = useState<AssetCode>(editing?.code ?? 'BTC');
  const [address, setAddress] = useState(editing?.address ?? '');
  const [error, setError] = useState<BridgeError | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { name: useId(), code: useId(), address: useId(), nameError: useId(), addressError: useId() };
  const t = useText();
  const title = editing ? t('addressBook.form.edit', { name: editing.name }) : t('addressBook.form.add');
  const fieldError = (field: string) => (error?.field === field ? error : null);

  return (
    <form
      className="card address-book-form"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        if (saving) return;
        setSaving(true);
        onStart();
        void save({ ...(editing ? { id: editing.id } : {}), name, code, address }).then((result) => {
          setSaving(false);
          if (!result.ok) {
            setError(result.error);
            return;
          }
          setError(null);
          setName('');
          setAddress('');
          onDone(result.entry);
        });
      }}
    >
      <h3>{title}</h3>
      <label htmlFor={ids.name}>{t('addressBook.form.name')}</label>
      <input
        id={ids.name}
        value={name}
        maxLength={60}
        autoComplete="off"
        aria-invalid={fieldError('name') ? true : undefined}
        aria-describedby={fieldError('name') ? ids.nameError : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <ErrorMessage error={fieldError('name')} id={ids.nameError} />
      <label htmlFor={ids.code}>{t('addressBook.form.code')}</label>
      <select id={ids.code} value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
        <AssetOptions all />
      </select>
      <label htmlFor={ids.address}>{t('addressBook.form.address')}</label>
      <input
        id={ids.address}
        className="mono send-address-input"
        value={address}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={fieldError('address') ? true : undefined}
        aria-describedby={fieldError('address') ? ids.addressError : undefined}
        onChange={(event) => setAddress(event.target.value)}
      />
      <ErrorMessage error={fieldError('address')} id={ids.addressError} />
      <ErrorMessage error={error && !(error.field && FIELDS.includes(error.field)) ? error : null} />
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {editing ? t('addressBook.form.save') : t('addressBook.form.submit')}
        </button>
        {editing && (
          <button type="button" className="secondary" onClick={() => onDone(null)}>
            {t('addressBook.form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
