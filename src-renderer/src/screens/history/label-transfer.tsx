import { useId, useState } from 'react';
import type { LabelImportPreview } from '../../../../src-preload/contract/history';
import type { BridgeError } from '../../../../src-preload/result';
import { wallet } from '../../bridge';
import { ErrorMessage } from '../../components/error-message';
import { useModalDialog } from '../../hooks/use-modal-dialog';
import type { MessageId, MessageValues } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { useHistoryStore } from '../../stores/history-store';

const SPACE = ' ';

/** A sentence of the status line, kept as its message so a change of language rewrites it. */
interface Sentence {
  readonly id: MessageId;
  readonly values: MessageValues;
}

function exportedWords(result: { tx: number; addr: number; withoutHash: number }): Sentence[] {
  const saved: Sentence = { id: 'history.labels.exported', values: { tx: result.tx, addr: result.addr } };
  if (result.withoutHash === 0) return [saved];
  return [saved, { id: 'history.labels.withoutHash', values: { count: result.withoutHash } }];
}

/**
 * My labels out and in as a BIP-329 file (JSON Lines, the format Electrum, Sparrow and other wallets share).
 * An import shows what it would change first; a label that differs from mine changes only when ticked.
 */
export function LabelTransfer(): React.JSX.Element {
  const t = useText();
  const reload = useHistoryStore((state) => state.reload);
  const [status, setStatus] = useState<readonly Sentence[]>([]);
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<LabelImportPreview | null>(null);
  const fileId = useId();

  async function exportLabels(): Promise<void> {
    setBusy(true);
    setError(null);
    setStatus([]);
    const result = await wallet.history.exportLabels();
    setBusy(false);
    if (!result.ok) setError(result.error);
    else if (result.value.saved) setStatus(exportedWords(result.value));
  }

  async function readFile(file: File): Promise<void> {
    setBusy(true);
    setError(null);
    setStatus([]);
    const result = await wallet.history.previewLabelImport({ text: await file.text() });
    setBusy(false);
    if (!result.ok) setError(result.error);
    else setPreview(result.value);
  }

  async function apply(replace: boolean): Promise<void> {
    if (!preview) return;
    const result = await wallet.history.applyLabelImport({ importId: preview.importId, replace });
    setPreview(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setStatus([
      { id: 'history.labels.imported', values: { added: result.value.added, replaced: result.value.replaced } },
    ]);
    void reload();
  }

  return (
    <div className="history-export">
      <button type="button" className="secondary" disabled={busy} onClick={() => void exportLabels()}>
        {t('history.labels.export')}
      </button>
      <input
        id={fileId}
        type="file"
        accept=".jsonl,.json,.txt"
        disabled={busy}
        className="visually-hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void readFile(file);
        }}
      />
      {/* After the input, so its keyboard focus can be drawn on this visible face. */}
      <label htmlFor={fileId} className="file-button">
        {t('history.labels.import')}
      </label>
      {status.length > 0 && <p role="status">{status.map((sentence) => t(sentence.id, sentence.values)).join(' ')}</p>}
      <ErrorMessage error={error} />
      {preview && (
        <ImportPreview preview={preview} onApply={(replace) => void apply(replace)} onCancel={() => setPreview(null)} />
      )}
    </div>
  );
}

function ImportPreview({
  preview,
  onApply,
  onCancel,
}: {
  preview: LabelImportPreview;
  onApply: (replace: boolean) => void;
  onCancel: () => void;
}): React.JSX.Element {
  const t = useText();
  const ref = useModalDialog();
  const titleId = useId();
  const [replace, setReplace] = useState(false);
  const changes = [...preview.add, ...preview.replace];
  return (
    <dialog ref={ref} className="history-detail" aria-labelledby={titleId} onCancel={onCancel}>
      <h3 id={titleId}>{t('history.labels.previewTitle')}</h3>
      <ul>
        <li>{t('history.labels.new', { count: preview.add.length })}</li>
        <li>{t('history.labels.different', { count: preview.replace.length })}</li>
        <li>{t('history.labels.same', { count: preview.unchanged })}</li>
        <li>{t('history.labels.notFound', { count: preview.notFound })}</li>
        {preview.otherTypes > 0 && <li>{t('history.labels.otherTypes', { count: preview.otherTypes })}</li>}
      </ul>
      {preview.problems.length > 0 && (
        <ul aria-label={t('history.labels.problems')}>
          {preview.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
          {preview.moreProblems > 0 && <li>{t('history.labels.moreProblems', { count: preview.moreProblems })}</li>}
        </ul>
      )}
      {changes.length > 0 && (
        <table aria-label={t('history.labels.changes')}>
          <thead>
            <tr>
              <th scope="col">{t('history.labels.for')}</th>
              <th scope="col">{t('history.labels.yours')}</th>
              <th scope="col">{t('history.labels.fromFile')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 50).map((change) => (
              <tr key={`${change.type}:${change.ref}`}>
                <td className="mono">{change.ref}</td>
                <td>{change.from === '' ? t('history.labels.none') : change.from}</td>
                <td>{change.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.replace.length > 0 && (
        <label>
          <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
          {SPACE}
          {t('history.labels.replace', { count: preview.replace.length })}
        </label>
      )}
      <div className="row">
        <button type="button" onClick={() => onApply(replace)} disabled={preview.add.length === 0 && !replace}>
          {t('history.labels.apply')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          {t('history.labels.cancel')}
        </button>
      </div>
    </dialog>
  );
}
