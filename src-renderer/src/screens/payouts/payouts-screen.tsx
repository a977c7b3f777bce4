import { useEffect, useId, useState } from 'react';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../format/dates';
import { RichText, useText } from '../../i18n/use-text';
import { usePayoutsStore } from '../../stores/payouts-store';
import { PayoutBatchForm } from './payout-batch-form';
import { PayoutDraftDetail } from './payout-draft-detail';

function DeskRuleSwitch(): React.JSX.Element | null {
  const rule = usePayoutsStore((state) => state.deskRule);
  const setDeskRule = usePayoutsStore((state) => state.setDeskRule);
  const [error, setError] = useState<BridgeError | null>(null);
  const t = useText();
  if (!rule) return null;
  return (
    <div className="card">
      <label>
        <input
          type="checkbox"
          checked={rule.separateApprover}
          onChange={(event) => void setDeskRule(event.target.checked).then(setError)}
        />
        {t('payouts.deskRule.label')}
      </label>
      <p className="payouts-muted">
        {t('payouts.deskRule.note')}
        {rule.changedBy && rule.changedAt && (
          <> {t('payouts.deskRule.changed', { name: rule.changedBy, when: formatDateTime(rule.changedAt) })}</>
        )}
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
  const t = useText();
  return (
    <form
      className="card"
      aria-label={t('payouts.import.form')}
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
      <h3>{t('payouts.import.title')}</h3>
      <p className="payouts-muted">{t('payouts.import.note')}</p>
      <label htmlFor={ids.file}>{t('payouts.import.file')}</label>
      <input
        id={ids.file}
        type="file"
        accept=".json,application/json"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void file.text().then(setText);
        }}
      />
      <label htmlFor={ids.text}>{t('payouts.import.text')}</label>
      <textarea
        id={ids.text}
        className="mono payouts-text"
        rows={3}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="secondary" disabled={text.trim() === ''}>
        {t('payouts.import.submit')}
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
  const t = useText();

  useEffect(() => {
    if (drafts === null) void load();
  }, [drafts, load]);

  return (
    <section aria-labelledby="payouts-title" className="screen payouts">
      <h2 id="payouts-title">{t('payouts.title')}</h2>
      <p>{t('payouts.intro')}</p>
      <ErrorMessage error={loadError ?? error} />
      {open ? (
        <PayoutDraftDetail draft={open} />
      ) : (
        <>
          <DeskRuleSwitch />
          {drafts === null ? (
            !loadError && <p aria-busy="true">{t('payouts.loading')}</p>
          ) : drafts.length === 0 ? (
            <p>{t('payouts.none')}</p>
          ) : (
            <ul aria-label={t('payouts.list')} className="payouts-list">
              {drafts.map((draft) => (
                <li key={draft.draftId} className="card">
                  <h3>{draft.title}</h3>
                  <p>
                    <RichText
                      id="payouts.draft.summary"
                      values={{
                        count: draft.rowCount,
                        name: draft.preparedBy.name,
                        fingerprint: draft.fingerprint,
                        mono: (chunks: React.ReactNode) => <span className="mono">{chunks}</span>,
                      }}
                    />
                  </p>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('payouts.draft.openNamed', { title: draft.title })}
                    onClick={() => void openDraft(draft.draftId).then(setError)}
                  >
                    {t('payouts.draft.open')}
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
