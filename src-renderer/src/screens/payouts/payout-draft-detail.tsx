import { useEffect, useId, useState } from 'react';
import type { DraftView, PayoutRowView } from '../../../../src-preload/contract/payouts';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { TwoFactorInput } from '../../components/two-factor-input';
import { usePayoutsStore } from '../../stores/payouts-store';

const stateWords: Record<PayoutRowView['state'], string> = {
  waiting: 'Waiting',
  skipped: 'Skipped',
  sending: 'Being sent',
  succeeded: 'Paid',
  refused: 'Refused',
  unknown: 'Outcome unknown',
  closed: 'Closed as not gone through',
  interrupted: 'Interrupted',
};

const runnable = new Set<PayoutRowView['state']>(['waiting', 'refused', 'interrupted']);

/** Seconds left until `at` (a time of this window's clock), ticking once a second; 0 once it has passed. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  if (at === null) return 0;
  return Math.max(0, Math.ceil((at - now) / 1_000));
}

function RowActions({ row }: { row: PayoutRowView }): React.JSX.Element | null {
  const checkRow = usePayoutsStore((state) => state.checkRow);
  const skipRow = usePayoutsStore((state) => state.skipRow);
  const [error, setError] = useState<BridgeError | null>(null);
  const canCheck = row.state === 'unknown' || row.state === 'interrupted' || row.state === 'closed';
  const canSkip = row.state === 'waiting' || row.state === 'refused';
  if (!canCheck && !canSkip) return null;
  return (
    <>
      {canCheck && (
        <button
          type="button"
          className="secondary"
          aria-label={`Check the status of line ${row.line}`}
          onClick={() => void checkRow(row.reference).then(setError)}
        >
          Check status
        </button>
      )}
      {canSkip && (
        <button
          type="button"
          className="secondary"
          aria-label={`Skip line ${row.line}`}
          onClick={() => void skipRow(row.reference).then(setError)}
        >
          Skip
        </button>
      )}
      <ErrorMessage error={error} />
    </>
  );
}

function download(fileName: string, text: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** One draft: who prepared it, its fingerprint, its rows and, for a person who may, their execution. */
export function PayoutDraftDetail({ draft }: { draft: DraftView }): React.JSX.Element {
  const executeRow = usePayoutsStore((state) => state.executeRow);
  const exportDraft = usePayoutsStore((state) => state.exportDraft);
  const results = usePayoutsStore((state) => state.results);
  const unsettledSends = usePayoutsStore((state) => state.unsettledSends);
  const close = usePayoutsStore((state) => state.close);
  const [code, setCode] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const [nextCodeAt, setNextCodeAt] = useState<number | null>(null);
  const [unsettled, setUnsettled] = useState<{ intentId: string; words: string }[] | null>(null);
  const [acknowledged, setAcknowledged] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [exported, setExported] = useState<{ fileName: string; text: string } | null>(null);
  const wait = useSecondsUntil(nextCodeAt);
  const next = draft.rows.find((row) => runnable.has(row.state)) ?? null;
  const ids = { exported: useId(), error: useId() };

  const pay = (row: PayoutRowView, tfaCode: string) => {
    setBusy(true);
    void executeRow(row.reference, tfaCode, acknowledged).then(async (result) => {
      setBusy(false);
      setCode('');
      if (result.ok) {
        setError(null);
        setUnsettled(null);
        setNextCodeAt(Date.now() + result.value.nextCodeInSeconds * 1_000);
        return;
      }
      setError(result.error);
      if (result.error.code === 'unresolved_intent') {
        const listed = await unsettledSends();
        if (listed.ok) setUnsettled(listed.value);
      }
    });
  };

  return (
    <section aria-labelledby="payout-draft-title" className="card payouts-draft">
      <h3 id="payout-draft-title">{draft.title}</h3>
      <p>
        Fingerprint{' '}
        <strong className="mono" aria-label={`Fingerprint ${draft.fingerprint}`}>
          {draft.fingerprint}
        </strong>
      </p>
      <p>{`Prepared by ${draft.preparedBy.name} on ${new Date(draft.preparedAt).toLocaleString()}.`}</p>
      <p>
        {draft.kind === 'withdraw'
          ? 'Each row is a merchant withdrawal, paid with the merchant keys of the person who pays it.'
          : 'Each row is a send from this account.'}
      </p>
      {draft.importedBy && (
        <p>{`Imported by ${draft.importedBy.name} on ${new Date(draft.importedBy.at).toLocaleString()}.`}</p>
      )}
      <div className="row">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void exportDraft().then((result) => {
              if (!result.ok) return setError(result.error);
              setExported(result.value);
              download(result.value.fileName, result.value.text, 'application/json');
            })
          }
        >
          Export draft
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void results().then((result) => {
              if (!result.ok) return setError(result.error);
              setExported(result.value);
              download(result.value.fileName, result.value.text, 'text/csv');
            })
          }
        >
          Export results
        </button>
        <button type="button" className="secondary" onClick={close}>
          Close draft
        </button>
      </div>
      {exported && (
        <>
          <label htmlFor={ids.exported}>{`Exported file ${exported.fileName}`}</label>
          <textarea id={ids.exported} className="mono payouts-text" rows={4} readOnly value={exported.text} />
        </>
      )}
      <div className="payouts-table-wrap">
        <table className="payouts-table">
          <caption>Rows</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Reference</th>
              <th scope="col">Amount</th>
              <th scope="col">Address</th>
              <th scope="col">State</th>
              <th scope="col">Transaction</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((row) => (
              <tr key={row.reference}>
                <td>{row.line}</td>
                <td className="mono">{row.reference}</td>
                <td className="mono">{`${row.amount} ${row.code}`}</td>
                <td className="mono payouts-address">{row.address}</td>
                <td>
                  {stateWords[row.state]}
                  {row.message && <span className="payouts-muted">{` ${row.message}`}</span>}
                </td>
                <td className="mono payouts-address">{row.txId ?? ''}</td>
                <td>
                  <RowActions row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!draft.execution.allowed ? (
        <p role="note">{draft.execution.reason}</p>
      ) : next === null ? (
        <p role="status">Every row has been sent, skipped or settled.</p>
      ) : (
        <form
          aria-label={`Pay line ${next.line}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && wait === 0 && code.length === 6) pay(next, code);
          }}
        >
          <p>{`Next: line ${next.line}, ${next.amount} ${next.code} to ${next.address}.`}</p>
          {wait > 0 && (
            <p role="status">
              {wait === 1
                ? 'Each row needs a code of its own: the next code period starts in 1 second.'
                : `Each row needs a code of its own: the next code period starts in ${wait} seconds.`}
            </p>
          )}
          {unsettled && unsettled.length > 0 && (
            <fieldset>
              <legend>
                {draft.kind === 'withdraw'
                  ? 'Earlier withdrawals whose outcome is not known yet'
                  : 'Earlier sends whose outcome is not known yet'}
              </legend>
              <ul>
                {unsettled.map((entry) => (
                  <li key={entry.intentId}>{entry.words}</li>
                ))}
              </ul>
              <label>
                <input
                  type="checkbox"
                  checked={acknowledged.length > 0}
                  onChange={(event) => setAcknowledged(event.target.checked ? unsettled.map((e) => e.intentId) : [])}
                />
                I know these may still go through, and I want to pay this row beside them.
              </label>
            </fieldset>
          )}
          <TwoFactorInput
            value={code}
            onChange={setCode}
            disabled={busy || wait > 0}
            errorId={ids.error}
            refusal={error?.field === 'tfa' ? error : null}
          />
          <button type="submit" className="primary" disabled={busy || wait > 0 || code.length !== 6}>
            {`Pay line ${next.line}`}
          </button>
        </form>
      )}
      <ErrorMessage error={error} id={ids.error} />
    </section>
  );
}
