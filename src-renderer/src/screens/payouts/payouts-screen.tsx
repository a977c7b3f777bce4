import { useEffect, useId, useState } from 'react';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { usePayoutsStore } from '../../stores/payouts-store';
import { PayoutBatchForm } from './payout-batch-form';
import { PayoutDraftDetail } from './payout-draft-detail';

function DeskRuleSwitch(): React.JSX.Element | null {
  const rule = usePayoutsStore((state) => state.deskRule);
  const setDeskRule = usePayoutsStore((state) => state.setDeskRule);
  const [error, setError] = useState<BridgeError | null>(null);
  if (!rule) return null;
  return (
    <div className="card">
      <label>
        <input
          type="checkbox"
          checked={rule.separateApprover}
          onChange={(event) => void setDeskRule(event.target.checked).then(setError)}
        />
        Prepared and approved by different people
      </label>
      <p className="payouts-muted">
        A desk rule Wallet Desk keeps on this computer for this account, not a rule of the service: while it is on, the
        person who prepared a draft cannot execute it.
        {rule.changedBy && rule.changedAt
          ? ` Last changed by ${rule.changedBy} on ${new Date(rule.changedAt).toLocaleString()}.`
          : ''}
      </p>
      <ErrorMessage error={error} />
    </div>
  );
}

function ImportForm(): React.JSX.Element {
  const importFile = usePayoutsStore((state) => state.importFile);
  const openDraft = usePayoutsStore((state) => state.openDraft);
  const [text, setText] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const ids = { file: useId(), text: useId() };
  return (
    <form
      className="card"
      aria-label="Import a draft file"
      onSubmit={(event) => {
        event.preventDefault();
        void importFile(text).then(async (result) => {
          if (!result.ok) return setError(result.error);
          setError(null);
          setText('');
          await openDraft(result.value.draftId);
        });
      }}
    >
      <h3>Import a draft file</h3>
      <p className="payouts-muted">Importing only shows the draft and its fingerprint; nothing is sent.</p>
      <label htmlFor={ids.file}>Open a draft file</label>
      <input
        id={ids.file}
        type="file"
        accept=".json,application/json"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void file.text().then(setText);
        }}
      />
      <label htmlFor={ids.text}>Draft file text</label>
      <textarea
        id={ids.text}
        className="mono payouts-text"
        rows={3}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="secondary" disabled={text.trim() === ''}>
        Import draft
      </button>
      <ErrorMessage error={error} />
    </form>
  );
}

/** Payout drafts of the active account: prepare a batch, import one, and execute one row at a time. */
export function PayoutsScreen(): React.JSX.Element {
  const drafts = usePayoutsStore((state) => state.drafts);
  const open = usePayoutsStore((state) => state.open);
  const loadError = usePayoutsStore((state) => state.loadError);
  const load = usePayoutsStore((state) => state.load);
  const openDraft = usePayoutsStore((state) => state.openDraft);
  const [error, setError] = useState<BridgeError | null>(null);

  useEffect(() => {
    if (drafts === null) void load();
  }, [drafts, load]);

  return (
    <section aria-labelledby="payouts-title" className="screen payouts">
      <h2 id="payouts-title">Payouts</h2>
      <p>
        Drafts of this account, seen by everyone who signs in with access to it. Anyone may prepare one; a role that may
        move money executes it, one row at a time, with their own two-factor code.
      </p>
      <ErrorMessage error={loadError ?? error} />
      {open ? (
        <PayoutDraftDetail draft={open} />
      ) : (
        <>
          <DeskRuleSwitch />
          {drafts === null ? (
            !loadError && <p aria-busy="true">Loading the drafts…</p>
          ) : drafts.length === 0 ? (
            <p>No payout drafts yet.</p>
          ) : (
            <ul aria-label="Payout drafts" className="payouts-list">
              {drafts.map((draft) => (
                <li key={draft.draftId} className="card">
                  <h3>{draft.title}</h3>
                  <p>
                    {`${draft.rowCount === 1 ? 'One row' : `${draft.rowCount} rows`}, prepared by ${draft.preparedBy.name}. Fingerprint `}
                    <span className="mono">{draft.fingerprint}</span>
                  </p>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Open “${draft.title}”`}
                    onClick={() => void openDraft(draft.draftId).then(setError)}
                  >
                    Open
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PayoutBatchForm onSaved={(draftId) => void openDraft(draftId).then(setError)} />
          <ImportForm />
        </>
      )}
    </section>
  );
}
