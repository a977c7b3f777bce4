import { useEffect, useId, useState } from 'react';
import type { DraftView, PayoutRowView } from '../../../../src-preload/contract/payouts';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { TwoFactorInput } from '../../components/two-factor-input';
import { formatCrypto } from '../../format/amounts';
import { formatDateTime } from '../../format/dates';
import type { MessageId } from '../../i18n/text';
import { RichText, useText } from '../../i18n/use-text';
import { type UnsettledEntry, usePayoutsStore } from '../../stores/payouts-store';

const stateWords: Record<PayoutRowView['state'], MessageId> = {
  waiting: 'payouts.state.waiting',
  skipped: 'payouts.state.skipped',
  sending: 'payouts.state.sending',
  succeeded: 'payouts.state.succeeded',
  refused: 'payouts.state.refused',
  unknown: 'payouts.state.unknown',
  closed: 'payouts.state.closed',
  interrupted: 'payouts.state.interrupted',
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
  const t = useText();
  if (!canCheck && !canSkip) return null;
  return (
    <>
      {canCheck && (
        <button
          type="button"
          className="secondary"
          aria-label={t('payouts.row.checkNamed', { line: row.line })}
          onClick={() => void checkRow(row.reference).then(setError)}
        >
          {t('payouts.row.check')}
        </button>
      )}
      {canSkip && (
        <button
          type="button"
          className="secondary"
          aria-label={t('payouts.row.skipNamed', { line: row.line })}
          onClick={() => void skipRow(row.reference).then(setError)}
        >
          {t('payouts.row.skip')}
        </button>
      )}
      <ErrorMessage error={error} />
    </>
  );
}

/** An earlier send or withdrawal, its amount written as the language writes it. */
function unsettledWords(entry: UnsettledEntry, t: ReturnType<typeof useText>): string {
  const values = {
    amount: formatCrypto(entry.amount, entry.code),
    code: entry.code,
    to: entry.to,
    reference: entry.reference,
  };
  return t(entry.kind === 'withdraw' ? 'payouts.unsettled.withdrawal' : 'payouts.unsettled.send', values);
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
  const [unsettled, setUnsettled] = useState<UnsettledEntry[] | null>(null);
  const [acknowledged, setAcknowledged] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [exported, setExported] = useState<{ fileName: string; text: string } | null>(null);
  const wait = useSecondsUntil(nextCodeAt);
  const next = draft.rows.find((row) => runnable.has(row.state)) ?? null;
  const ids = { exported: useId(), error: useId() };
  const t = useText();

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
        <RichText
          id="payouts.detail.fingerprint"
          values={{
            fingerprint: draft.fingerprint,
            b: (chunks: React.ReactNode[]) => (
              <strong
                className="mono"
                aria-label={t('payouts.detail.fingerprintNamed', { fingerprint: draft.fingerprint })}
              >
                {chunks}
              </strong>
            ),
          }}
        />
      </p>
      <p>{t('payouts.detail.prepared', { name: draft.preparedBy.name, when: formatDateTime(draft.preparedAt) })}</p>
      <p>{t(draft.kind === 'withdraw' ? 'payouts.detail.kindWithdraw' : 'payouts.detail.kindSend')}</p>
      {draft.importedBy && (
        <p>
          {t('payouts.detail.imported', { name: draft.importedBy.name, when: formatDateTime(draft.importedBy.at) })}
        </p>
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
          {t('payouts.detail.exportDraft')}
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
          {t('payouts.detail.exportResults')}
        </button>
        <button type="button" className="secondary" onClick={close}>
          {t('payouts.detail.close')}
        </button>
      </div>
      {exported && (
        <>
          <label htmlFor={ids.exported}>{t('payouts.detail.exported', { fileName: exported.fileName })}</label>
          <textarea id={ids.exported} className="mono payouts-text" rows={4} readOnly value={exported.text} />
        </>
      )}
      <div className="payouts-table-wrap">
        <table className="payouts-table">
          <caption>{t('payouts.rows.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payouts.rows.line')}</th>
              <th scope="col">{t('payouts.rows.reference')}</th>
              <th scope="col">{t('payouts.rows.amount')}</th>
              <th scope="col">{t('payouts.rows.address')}</th>
              <th scope="col">{t('payouts.rows.state')}</th>
              <th scope="col">{t('payouts.rows.transaction')}</th>
              <th scope="col">{t('payouts.rows.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((row) => (
              <tr key={row.reference}>
                <td>{row.line}</td>
                <td className="mono">{row.reference}</td>
                <td className="mono">{t('payouts.rows.amountValue', { amount: row.amount, code: row.code })}</td>
                <td className="mono payouts-address">{row.address}</td>
                <td>
                  {t(stateWords[row.state])}
                  {row.message && (
                    <>
                      {' '}
                      <span className="payouts-muted">{row.message}</span>
                    </>
                  )}
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
        <p role="status">{t('payouts.detail.allDone')}</p>
      ) : (
        <form
          aria-label={t('payouts.pay.form', { line: next.line })}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && wait === 0 && code.length === 6) pay(next, code);
          }}
        >
          <p>
            {t('payouts.pay.next', {
              line: next.line,
              amount: formatCrypto(next.amount, next.code),
              code: next.code,
              address: next.address,
            })}
          </p>
          {wait > 0 && <p role="status">{t('payouts.pay.wait', { seconds: wait })}</p>}
          {unsettled && unsettled.length > 0 && (
            <fieldset>
              <legend>
                {t(draft.kind === 'withdraw' ? 'payouts.unsettled.withdrawals' : 'payouts.unsettled.sends')}
              </legend>
              <ul>
                {unsettled.map((entry) => (
                  <li key={entry.intentId}>{unsettledWords(entry, t)}</li>
                ))}
              </ul>
              <label>
                <input
                  type="checkbox"
                  checked={acknowledged.length > 0}
                  onChange={(event) => setAcknowledged(event.target.checked ? unsettled.map((e) => e.intentId) : [])}
                />
                {t('payouts.unsettled.acknowledge')}
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
            {t('payouts.pay.submit', { line: next.line })}
          </button>
        </form>
      )}
      <ErrorMessage error={error} id={ids.error} />
    </section>
  );
}
