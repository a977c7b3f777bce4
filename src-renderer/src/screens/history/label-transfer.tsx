import { useId, useState } from 'react';
import type { LabelImportPreview } from '../../../../src-preload/contract/history';
import type { BridgeError } from '../../../../src-preload/result';
import { wallet } from '../../bridge';
import { ErrorMessage } from '../../components/error-message';
import { useModalDialog } from '../../hooks/use-modal-dialog';
import { useHistoryStore } from '../../stores/history-store';

/** "1 label" or "3 labels": both forms written out, never "(s)". */
function labelsWord(count: number): string {
  return count === 1 ? '1 label' : `${count} labels`;
}

function exportedWords(result: { tx: number; addr: number; withoutHash: number }): string {
  const saved = `Saved ${labelsWord(result.tx)} of transactions and ${result.addr === 1 ? '1 address name' : `${result.addr} address names`}.`;
  if (result.withoutHash === 0) return saved;
  return `${saved} ${result.withoutHash === 1 ? '1 labelled transaction has' : `${result.withoutHash} labelled transactions have`} no transaction hash yet and could not be written.`;
}

/**
 * My labels out and in as a BIP-329 file (JSON Lines, the format Electrum, Sparrow and other wallets share).
 * An import shows what it would change first; a label that differs from mine changes only when ticked.
 */
export function LabelTransfer(): React.JSX.Element {
  const reload = useHistoryStore((state) => state.reload);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<LabelImportPreview | null>(null);
  const fileId = useId();

  async function exportLabels(): Promise<void> {
    setBusy(true);
    setError(null);
    setStatus('');
    const result = await wallet.history.exportLabels();
    setBusy(false);
    if (!result.ok) setError(result.error);
    else if (result.value.saved) setStatus(exportedWords(result.value));
  }

  async function readFile(file: File): Promise<void> {
    setBusy(true);
    setError(null);
    setStatus('');
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
    setStatus(`Imported: ${labelsWord(result.value.added)} added, ${labelsWord(result.value.replaced)} replaced.`);
    void reload();
  }

  return (
    <div className="history-export">
      <button type="button" className="secondary" disabled={busy} onClick={() => void exportLabels()}>
        Export labels
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
        Import labels
      </label>
      {status !== '' && <p role="status">{status}</p>}
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
  const ref = useModalDialog();
  const titleId = useId();
  const [replace, setReplace] = useState(false);
  const changes = [...preview.add, ...preview.replace];
  return (
    <dialog ref={ref} className="history-detail" aria-labelledby={titleId} onCancel={onCancel}>
      <h3 id={titleId}>Import labels</h3>
      <ul>
        <li>{`New: ${labelsWord(preview.add.length)}.`}</li>
        <li>{`Different from yours: ${labelsWord(preview.replace.length)}.`}</li>
        <li>{`Already the same: ${labelsWord(preview.unchanged)}.`}</li>
        <li>{`Not in this account: ${labelsWord(preview.notFound)}.`}</li>
        {preview.otherTypes > 0 && <li>{`Of a kind this app does not keep: ${labelsWord(preview.otherTypes)}.`}</li>}
      </ul>
      {preview.problems.length > 0 && (
        <ul aria-label="Lines that could not be read">
          {preview.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
          {preview.moreProblems > 0 && <li>{`${preview.moreProblems} more lines could not be read.`}</li>}
        </ul>
      )}
      {changes.length > 0 && (
        <table aria-label="Labels this import changes">
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">Yours now</th>
              <th scope="col">From the file</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 50).map((change) => (
              <tr key={`${change.type}:${change.ref}`}>
                <td className="mono">{change.ref}</td>
                <td>{change.from === '' ? 'None' : change.from}</td>
                <td>{change.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.replace.length > 0 && (
        <label>
          <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
          {preview.replace.length === 1
            ? ' Replace my label that differs.'
            : ` Replace my ${preview.replace.length} labels that differ.`}
        </label>
      )}
      <div className="row">
        <button type="button" onClick={() => onApply(replace)} disabled={preview.add.length === 0 && !replace}>
          Apply
        </button>
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
