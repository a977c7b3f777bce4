import { useId, useState } from 'react';
import type { BatchCheck, WithdrawalTarget } from '../../../../src-preload/contract/payouts';
import type { BridgeError } from '../../../../src-preload/result';
import { ErrorMessage } from '../../components/error-message';
import { useText } from '../../i18n/use-text';
import { usePayoutsStore } from '../../stores/payouts-store';
import { useSessionStore } from '../../stores/session-store';

const TEMPLATE = 'address,amount,asset,network,reference,label';

function linesOf(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
}

function ProblemsTable({ check }: { check: BatchCheck }): React.JSX.Element {
  const t = useText();
  if (check.problems.length === 0) return <p role="status">{t('payouts.batch.ready')}</p>;
  return (
    <>
      <p role="status">{t('payouts.batch.problems', { count: check.problems.length })}</p>
      <table className="payouts-table">
        <caption>{t('payouts.batch.problemsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payouts.batch.line')}</th>
            <th scope="col">{t('payouts.batch.column')}</th>
            <th scope="col">{t('payouts.batch.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {check.problems.map((problem, index) => (
            <tr key={`${problem.line}-${problem.column}-${index}`}>
              <td>{problem.line}</td>
              <td>{problem.column}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function TotalsTable({ check }: { check: BatchCheck }): React.JSX.Element | null {
  const t = useText();
  if (check.totals.length === 0) return null;
  return (
    <table className="payouts-table">
      <caption>{t('payouts.totals.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('payouts.totals.asset')}</th>
          <th scope="col">{t('payouts.totals.rows')}</th>
          <th scope="col">{t('payouts.totals.amount')}</th>
          <th scope="col">{t('payouts.totals.fees')}</th>
          <th scope="col">{t('payouts.totals.balance')}</th>
          <th scope="col">{t('payouts.totals.usd')}</th>
        </tr>
      </thead>
      <tbody>
        {check.totals.map((total) => (
          <tr key={total.code}>
            <td>{total.code}</td>
            <td>{total.rows}</td>
            <td className="mono">{total.amount}</td>
            <td className="mono">{t('payouts.totals.feeAmount', { amount: total.fees, symbol: total.feeSymbol })}</td>
            <td className="mono">{total.available ?? t('payouts.totals.notKnown')}</td>
            <td className="mono">{total.fiatUsd ?? t('payouts.totals.notKnown')}</td>
          </tr>
        ))}
      </tbody>
      {check.totalUsd !== null && (
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              {t('payouts.totals.allUsd')}
            </th>
            <td className="mono">{check.totalUsd}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/**
 * A batch from a CSV file (docs/payouts.md): the file's text is shown so a person can fix a row in place;
 * every row is checked by main before the draft can be saved.
 */
export function PayoutBatchForm({ onSaved }: { onSaved: (draftId: string) => void }): React.JSX.Element {
  const check = usePayoutsStore((state) => state.check);
  const save = usePayoutsStore((state) => state.save);
  // Merchant withdrawals belong to business accounts: a personal account has no merchant (docs/payouts.md).
  const business = useSessionStore(
    (state) =>
      state.view?.accounts.find((account) => account.guid === state.view?.activeAccountGuid)?.isPersonalAccount ===
      false,
  );
  const [text, setText] = useState(`${TEMPLATE}\n`);
  const [separator, setSeparator] = useState<'.' | ','>('.');
  const [kind, setKind] = useState<'send' | 'withdraw'>('send');
  const [memberReference, setMemberReference] = useState('');
  const [email, setEmail] = useState('');
  const [title, setTitle] = useState('');
  const [checked, setChecked] = useState<{ key: string; result: BatchCheck } | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useText();
  const ids = {
    file: useId(),
    text: useId(),
    separator: useId(),
    title: useId(),
    kind: useId(),
    member: useId(),
    email: useId(),
  };
  const withdrawal: WithdrawalTarget | null =
    business && kind === 'withdraw' ? { memberReference: memberReference.trim(), email: email.trim() } : null;
  const key = JSON.stringify([text, separator, withdrawal]);
  const current = checked && checked.key === key ? checked.result : null;
  const ready = current !== null && current.problems.length === 0 && title.trim() !== '';

  return (
    <form
      className="card payouts-batch"
      aria-label={t('payouts.batch.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        void check(linesOf(text), separator, withdrawal).then((result) => {
          setBusy(false);
          if (!result.ok) return setError(result.error);
          setError(null);
          setChecked({ key, result: result.value });
        });
      }}
    >
      <h3>{t('payouts.batch.title')}</h3>
      {business && (
        <div className="row">
          <label htmlFor={ids.kind}>{t('payouts.batch.kind')}</label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(event) => setKind(event.target.value === 'withdraw' ? 'withdraw' : 'send')}
          >
            <option value="send">{t('payouts.batch.kind.send')}</option>
            <option value="withdraw">{t('payouts.batch.kind.withdraw')}</option>
          </select>
        </div>
      )}
      {withdrawal && (
        <>
          <p>{t('payouts.batch.withdrawNote')}</p>
          <div className="row">
            <label htmlFor={ids.member}>{t('payouts.batch.memberReference')}</label>
            <input
              id={ids.member}
              value={memberReference}
              maxLength={200}
              onChange={(event) => setMemberReference(event.target.value)}
            />
            <label htmlFor={ids.email}>{t('payouts.batch.email')}</label>
            <input
              id={ids.email}
              type="email"
              value={email}
              maxLength={200}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
        </>
      )}
      <label htmlFor={ids.file}>{t('payouts.batch.file')}</label>
      <input
        id={ids.file}
        type="file"
        accept=".csv,text/csv,text/plain"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void file.text().then(setText);
        }}
      />
      <label htmlFor={ids.text}>{t('payouts.batch.text')}</label>
      <textarea
        id={ids.text}
        className="mono payouts-text"
        rows={6}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="row">
        <label htmlFor={ids.separator}>{t('payouts.batch.separator')}</label>
        <select
          id={ids.separator}
          value={separator}
          onChange={(event) => setSeparator(event.target.value === ',' ? ',' : '.')}
        >
          <option value=".">{t('payouts.batch.separator.point')}</option>
          <option value=",">{t('payouts.batch.separator.comma')}</option>
        </select>
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {t('payouts.batch.check')}
      </button>
      <ErrorMessage error={error} />
      {current && <ProblemsTable check={current} />}
      {current && <TotalsTable check={current} />}
      {current && current.problems.length === 0 && (
        <div className="row">
          <label htmlFor={ids.title}>{t('payouts.batch.draftTitle')}</label>
          <input id={ids.title} value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
          <button
            type="button"
            className="primary"
            disabled={!ready || busy}
            onClick={() => {
              setBusy(true);
              void save(linesOf(text), separator, title.trim(), withdrawal).then((result) => {
                setBusy(false);
                if (!result.ok) return setError(result.error);
                setChecked(null);
                setText(`${TEMPLATE}\n`);
                setTitle('');
                onSaved(result.value.draftId);
              });
            }}
          >
            {t('payouts.batch.save')}
          </button>
        </div>
      )}
    </form>
  );
}
