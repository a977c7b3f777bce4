import { useId, useState } from 'react';
import { USER_LABEL_MAX, type HistoryItem } from '../../../../src-preload/contract/history';
import { hasUnsafeCharacters, UNSAFE_TEXT_WORDS } from '../../../../src-preload/contract/text';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { useHistoryStore } from '../../stores/history-store';

/** Refusals the form can give before asking main, in the same words main's UserText check uses. */
function localProblem(text: string): string | null {
  if (text.trim().length > USER_LABEL_MAX) return `Keep it under ${USER_LABEL_MAX} characters.`;
  if (hasUnsafeCharacters(text)) return UNSAFE_TEXT_WORDS;
  return null;
}

/**
 * The user's own label on a record, kept in this app for this user and account only (the service's own
 * `label` is separate and read-only). Saving an empty field removes it.
 */
export function UserLabelForm({ item }: { item: HistoryItem }): React.JSX.Element {
  const id = useId();
  const setLabel = useHistoryStore((state) => state.setLabel);
  const [text, setText] = useState(item.userLabel);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

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
    setSaved(label.trim() === '' ? 'Label removed.' : 'Label saved.');
  };

  return (
    <form
      className="history-user-label"
      aria-label="My label"
      onSubmit={(event) => {
        event.preventDefault();
        void save(text);
      }}
    >
      <label htmlFor={id}>My label</label>
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
        Save label
      </button>
      {item.userLabel !== '' && (
        <button type="button" className="secondary" disabled={saving} onClick={() => void save('')}>
          Remove label
        </button>
      )}
      <p id={`${id}-hint`} className="history-muted">
        Only you see it, on this computer, in this account. Up to {USER_LABEL_MAX} characters.
      </p>
      <p role="status">{saved ?? ''}</p>
      <ErrorMessage error={error} />
    </form>
  );
}
