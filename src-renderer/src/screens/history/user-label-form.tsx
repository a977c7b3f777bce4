import { useId, useState } from 'react';
import { USER_LABEL_MAX, type HistoryItem } from '../../../../src-preload/contract/history';
import { hasUnsafeCharacters } from '../../../../src-preload/contract/text';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { t as text } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { useHistoryStore } from '../../stores/history-store';

/** Refusals the form can give before asking main, in the same words main's UserText check uses. */
function localProblem(label: string): string | null {
  if (label.trim().length > USER_LABEL_MAX) return text('history.userLabel.tooLong', { max: USER_LABEL_MAX });
  if (hasUnsafeCharacters(label)) return text('history.userLabel.unsafe');
  return null;
}

/**
 * The user's own label on a record, kept in this app for this user and account only (the service's own
 * `label` is separate and read-only). Saving an empty field removes it.
 */
export function UserLabelForm({ item }: { item: HistoryItem }): React.JSX.Element {
  const t = useText();
  const id = useId();
  const setLabel = useHistoryStore((state) => state.setLabel);
  const [text, setText] = useState(item.userLabel);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const [saved, setSaved] = useState<'saved' | 'removed' | null>(null);

  const save = async (label: string): Promise<void> => {
    const problem = localProblem(label);
    if (problem) {
      setError({ code: 'bad_input', message: problem, field: 'label' });
      setSaved(null);
      return;
    }
    setSaving(true);
    setError(null);
    setSaved(null);
    const refused = await setLabel(item.rowKey, label.trim());
    setSaving(false);
    if (refused) {
      setError(refused);
      return;
    }
    setText(label.trim());
    setSaved(label.trim() === '' ? 'removed' : 'saved');
  };

  return (
    <form
      className="history-user-label"
      aria-label={t('history.userLabel.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save(text);
      }}
    >
      <label htmlFor={id}>{t('history.userLabel.field')}</label>
      <input
        id={id}
        type="text"
        value={text}
        maxLength={USER_LABEL_MAX + 20}
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setSaved(null);
        }}
      />
      <button type="submit" disabled={saving}>
        {t('history.userLabel.save')}
      </button>
      {item.userLabel !== '' && (
        <button type="button" className="secondary" disabled={saving} onClick={() => void save('')}>
          {t('history.userLabel.remove')}
        </button>
      )}
      <p id={`${id}-hint`} className="history-muted">
        {t('history.userLabel.hint', { max: USER_LABEL_MAX })}
      </p>
      <p role="status">
        {saved === null ? '' : t(saved === 'saved' ? 'history.userLabel.saved' : 'history.userLabel.removed')}
      </p>
      <ErrorMessage error={error} />
    </form>
  );
}
