import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import type { UnresolvedWithdrawal, WithdrawReview } from '../../../../src-preload/contract/withdraw';
import { AddressBookPicker, useAddressBookEntries } from '../../components/address-book-picker';
import { CryptoAmount } from '../../components/amount';
import { DecimalInput } from '../../components/decimal-input';
import { TwoFactorInput } from '../../components/two-factor-input';
import { formatDateTime } from '../../format/dates';
import { sameDestination } from '../../stores/address-book-store';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { useMerchantVerificationStore } from '../../stores/merchant-verification-store';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { AssetOptions, Feedback, assetLabel } from './merchant-options';
import { acknowledgementLabel, unknownOutcomeWords, unsettledWarning, withdrawalWords } from './withdraw-words';
import { ClosedIntents } from '../../components/closed-intents';
import { closeAllWarning, closeOneWarning, ListPager, PAGE_SIZE } from '../../components/close-words';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { startedAt } from '../../components/unsettled-words';
import { formatCrypto } from '../../format/amounts';

/** The warning naming unsettled withdrawals and the box that acknowledges them (security.md 27). */
function UnsettledAcknowledgement({
  warningId,
  unsettled,
  action,
  checked,
  onChange,
  boxRef,
}: {
  warningId: string;
  unsettled: readonly UnresolvedWithdrawal[];
  action: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  boxRef: React.RefObject<HTMLInputElement | null>;
}): React.JSX.Element {
  return (
    <div className="warning">
      <p id={warningId}>{unsettledWarning(unsettled)}</p>
      <label>
        <input
          ref={boxRef}
          type="checkbox"
          checked={checked}
          aria-describedby={warningId}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {acknowledgementLabel(unsettled, action)}
      </label>
    </div>
  );
}

function WithdrawalFacts({ intent }: { intent: WithdrawReview }): React.JSX.Element {
  return (
    <dl className="facts">
      <dt>Amount</dt>
      <dd>
        <CryptoAmount value={intent.amount} code={intent.code} />
      </dd>
      <dt>Asset</dt>
      <dd>{assetLabel(intent.code)}</dd>
      <dt>To</dt>
      <dd className="mono">{intent.address}</dd>
      <dt>Merchant transaction id</dt>
      <dd className="mono">{intent.merchantTransactionId}</dd>
      <dt>Member reference</dt>
      <dd className="mono">{intent.memberReferenceId}</dd>
      {intent.startedAt !== null && (
        <>
          <dt>Started</dt>
          <dd>
            <time dateTime={intent.startedAt} title={intent.startedAt}>
              {formatDateTime(intent.startedAt)}
            </time>
          </dd>
        </>
      )}
    </dl>
  );
}

/** Review, two-factor code, result: the withdrawal is frozen in main from "Review" on. */
function WithdrawReviewCard({ intent }: { intent: WithdrawReview }): React.JSX.Element {
  const {
    step,
    submitting,
    submitError,
    outcome,
    refused,
    unresolved,
    acknowledged: acknowledgedIds,
    feedback,
    unknownReason,
  } = useWithdrawStore(
    useShallow((state) => ({
      step: state.step,
      submitting: state.submitting,
      submitError: state.submitError,
      outcome: state.outcome,
      refused: state.refused,
      unresolved: state.unresolved,
      acknowledged: state.acknowledged,
      feedback: state.feedback,
      unknownReason: state.unknownReason,
    })),
  );
  const { execute, checkStatus, startOver, openLink, acknowledgeAll } = useWithdrawStore.getState();
  const [code, setCode] = useState('');
  // Main refused to send it beside other unsettled withdrawals (security.md 27): its words name them, and
  // the box acknowledges exactly those main lists now.
  const others = unresolved.filter((entry) => entry.review.intentId !== intent.intentId);
  const blocked = submitError?.code === 'unresolved_intent' && others.length > 0;
  const acknowledged = others.every((entry) => acknowledgedIds.includes(entry.review.intentId));
  const submitButton = useRef<HTMLButtonElement | null>(null);
  const acknowledgeBox = useRef<HTMLInputElement | null>(null);
  // Withdraw was pressed with the box unticked: say so beside the button (focus went to the box).
  const [askedToTick, setAskedToTick] = useState(false);
  // An execute or a "Check status" is on its way: every button that would send or look up is disabled.
  const sending = submitting;
  const result = outcome;
  // Only an answer that says it succeeded is a success; main never records another (security.md 28).
  const wentThrough = step === 'result' && result?.success === true;
  const unknown = step === 'unknown' || (step === 'result' && !wentThrough);
  // An unknown outcome is explained above, in main's words; otherwise the last refusal or failure is said below.
  const shown = submitError ?? feedback.error;
  const { explanation, lookupFailure } = unknownOutcomeWords({ unknownReason, submitError });
  // The service said it waits for e-mail approval (Z509): still unknown, its own heading (docs/z-codes.md).
  const awaitingApproval =
    unknown &&
    unresolved.some((entry) => entry.review.intentId === intent.intentId && entry.status.awaiting === 'email-approval');

  return (
    <section aria-labelledby="withdraw-review-title" className="card withdraw-panel">
      <h3 id="withdraw-review-title">
        {wentThrough
          ? 'Withdrawal sent'
          : awaitingApproval
            ? 'Waiting for your e-mail approval'
            : unknown
              ? 'Outcome unknown'
              : 'Review withdrawal'}
      </h3>
      {/* First, so its actions are in view in a small window; the facts follow. */}
      {unknown && (
        <div className="card warning">
          <p role="alert">{explanation}</p>
          <p>
            &quot;Check status&quot; looks for its merchant transaction id in your account history. It sends nothing and
            needs no code.
          </p>
          <div className="row">
            <button type="button" className="primary" disabled={sending} onClick={() => void checkStatus()}>
              Check status
            </button>
            <button type="button" className="secondary" onClick={() => startOver()}>
              Back to withdrawals
            </button>
          </div>
          {/* Its own line: the look-up failed, which says nothing about the withdrawal (as send and swap say it). */}
          {lookupFailure && (
            <p role="alert" className="error">
              {lookupFailure.message}
            </p>
          )}
        </div>
      )}
      <WithdrawalFacts intent={intent} />
      <dl className="facts">
        <dt>Address status</dt>
        <dd>{intent.verified ? 'Verified' : 'NOT verified'}</dd>
        <dt>Label</dt>
        <dd>{intent.label || '—'}</dd>
        <dt>E-mail</dt>
        <dd>{intent.email}</dd>
      </dl>

      {wentThrough && result ? (
        <div role="status" className="merchant-good">
          <p>The withdrawal went through.</p>
          {result.txId !== '' && (
            <p>
              Transaction id: <code className="mono">{result.txId}</code>
            </p>
          )}
          <div className="row">
            {result.explorerUrl !== '' && (
              <button type="button" className="secondary" onClick={() => void openLink(result.explorerUrl)}>
                View in block explorer
              </button>
            )}
            <button type="button" className="secondary" onClick={() => startOver()}>
              New withdrawal
            </button>
          </div>
        </div>
      ) : unknown ? null : (
        <form
          aria-label={refused ? 'Try the withdrawal again' : 'Send withdrawal'}
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length !== 6 || sending) return;
            if (blocked && !acknowledged) {
              setAskedToTick(true);
              acknowledgeBox.current?.focus();
              return;
            }
            void execute(code).then(() => setCode(''));
          }}
        >
          {refused && (
            <p className="merchant-hint">
              {`The service refused the last attempt, so no money moved. Trying again sends the same withdrawal with the same merchant transaction id (${intent.merchantTransactionId}).`}
            </p>
          )}
          {blocked && (
            <UnsettledAcknowledgement
              warningId="withdraw-send-warning"
              unsettled={others}
              action="send this one anyway"
              checked={acknowledged}
              onChange={acknowledgeAll}
              boxRef={acknowledgeBox}
            />
          )}
          <TwoFactorInput
            value={code}
            onChange={setCode}
            onComplete={() => requestAnimationFrame(() => submitButton.current?.focus())}
            disabled={sending}
            refusal={submitError?.field === 'tfaCode' ? submitError : null}
          />
          <div className="row">
            <button
              ref={submitButton}
              type="submit"
              className="primary"
              disabled={code.length !== 6 || sending}
              aria-describedby={askedToTick && blocked && !acknowledged ? 'withdraw-send-tick' : undefined}
            >
              {refused ? 'Try again' : 'Withdraw'}
            </button>
            <button type="button" className="secondary" disabled={sending} onClick={() => startOver()}>
              Cancel
            </button>
          </div>
          {askedToTick && blocked && !acknowledged && (
            <p id="withdraw-send-tick" role="alert">
              Tick the box above, &quot;I understand the earlier {others.length === 1 ? 'withdrawal' : 'withdrawals'}{' '}
              may have gone through&quot;, to send this one.
            </p>
          )}
        </form>
      )}
      {!blocked && <Feedback error={unknown ? null : shown} message={feedback.message} />}
    </section>
  );
}

/**
 * Withdrawals whose answer was lost or unclear, so nobody enters the same payout again while the first may
 * have gone through (security.md 27). Each can be looked up ("Check status" sends nothing); a new
 * withdrawal is possible only after saying so, naming these.
 */
function UnresolvedWithdrawals(): React.JSX.Element | null {
  const unresolved = useWithdrawStore((state) => state.unresolved);
  const checking = useWithdrawStore((state) => state.checking);
  const closing = useWithdrawStore((state) => state.closing);
  const closeError = useWithdrawStore((state) => state.closeError);
  const { loadUnresolved, checkListed, close } = useWithdrawStore.getState();
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState<{ readonly ids: string[]; readonly warning: string } | null>(null);

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  if (unresolved.length === 0) return null;
  const pages = Math.max(1, Math.ceil(unresolved.length / PAGE_SIZE));
  const shownPage = Math.min(page, pages - 1);
  const closable = unresolved.filter((entry) => entry.status.state !== 'in-flight');
  return (
    <section aria-labelledby="withdraw-unresolved-title" className="card warning withdraw-unresolved">
      <h3 id="withdraw-unresolved-title">Withdrawals with an unknown outcome</h3>
      <p>
        These are still being sent or their answer was lost, so they may already have gone through. &quot;Check
        status&quot; looks each one up in your account history; it sends nothing and needs no code. If you are sure one
        did not go through, you can close it.
      </p>
      {closable.length > 1 && (
        <button
          type="button"
          className="secondary money-close-all"
          disabled={closing}
          onClick={() =>
            setAsking({
              ids: closable.map((entry) => entry.review.intentId),
              warning: closeAllWarning(closable.length, WITHDRAWAL_NOUN),
            })
          }
        >
          {`Close all ${closable.length} listed as did not go through`}
        </button>
      )}
      {closeError && (
        <p role="alert" className="error">
          {closeError.message}
        </p>
      )}
      <ul aria-label="Withdrawals with an unknown outcome">
        {unresolved.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE).map((entry) => {
          const { review, status } = entry;
          const what = `withdrawal of ${withdrawalWords(entry, 'short')}`;
          return (
            <li key={review.intentId}>
              <WithdrawalFacts intent={review} />
              <p>
                {status.state === 'in-flight'
                  ? 'Still being sent: the service has not answered yet. It may go through at any moment.'
                  : status.awaiting === 'email-approval'
                    ? 'Waiting for your e-mail approval: it moves money once approved in the message the service sent.'
                    : 'Outcome unknown: it may have gone through.'}
              </p>
              <div className="row">
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Check status of ${review.merchantTransactionId}`}
                  disabled={checking.includes(review.intentId)}
                  onClick={() => void checkListed(review.intentId)}
                >
                  Check status
                </button>
                {status.state !== 'in-flight' && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={closing}
                    aria-label={`Close the withdrawal ${review.merchantTransactionId} as did not go through`}
                    onClick={() =>
                      setAsking({
                        ids: [review.intentId],
                        warning: closeOneWarning(what, startedAt(review.startedAt), review.merchantTransactionId),
                      })
                    }
                  >
                    Close as did not go through
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ListPager
        label="Withdrawals with an unknown outcome"
        page={shownPage}
        pages={pages}
        total={unresolved.length}
        onPage={setPage}
      />
      {asking && (
        <ConfirmDialog
          title={asking.ids.length === 1 ? 'Close this withdrawal?' : `Close ${asking.ids.length} withdrawals?`}
          body={asking.warning}
          confirmLabel={asking.ids.length === 1 ? 'Close it as did not go through' : `Close all ${asking.ids.length}`}
          busy={closing}
          onCancel={() => setAsking(null)}
          onConfirm={() => void close(asking.ids, asking.warning).then(() => setAsking(null))}
        />
      )}
    </section>
  );
}

const WITHDRAWAL_NOUN = { one: 'withdrawal', many: 'withdrawals' } as const;

/** Withdrawals a person closed as "did not go through", with who closed them and when (security.md 36). */
function ClosedWithdrawals(): React.JSX.Element | null {
  const closed = useWithdrawStore((state) => state.closed);
  const { loadClosed, openAndCheck } = useWithdrawStore.getState();
  return (
    <ClosedIntents
      prefix="withdraw"
      title="Withdrawals closed as did not go through"
      closed={closed}
      loadClosed={loadClosed}
      openAndCheck={openAndCheck}
      describe={(review) => `withdrawal of ${formatCrypto(review.amount, review.code)} ${review.code}`}
      referenceOf={(review) => review.merchantTransactionId}
      summary={(review) => <WithdrawalFacts intent={review} />}
    />
  );
}

export function WithdrawPanel(): React.JSX.Element {
  const overview = useMerchantKeysStore((state) => state.overview);
  const settingFeedback = useMerchantKeysStore((state) => state.feedback.allowUnverified);
  const { setAllowUnverified } = useMerchantKeysStore.getState();
  const verified = useMerchantVerificationStore((state) => state.verified);
  const loadingVerified = useMerchantVerificationStore((state) => state.busy.has('verified'));
  const { loadVerified } = useMerchantVerificationStore.getState();
  const intent = useWithdrawStore((state) => state.review);
  const feedback = useWithdrawStore((state) => state.feedback);
  const confirming = useWithdrawStore((state) => state.confirming);
  const unresolved = useWithdrawStore((state) => state.unresolved);
  const acknowledgedIds = useWithdrawStore((state) => state.acknowledged);
  const { confirm, acknowledgeAll, acknowledgedIds: toSend } = useWithdrawStore.getState();
  const allowUnverified = overview?.allowUnverified ?? false;
  const [referenceId, setReferenceId] = useState(verified?.referenceId ?? overview?.lastReferenceId ?? '');
  const [choice, setChoice] = useState('');
  const [code, setCode] = useState<AssetCode>('BTC');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [label, setLabel] = useState('');
  const [email, setEmail] = useState('');
  const [merchantTransactionId, setMerchantTransactionId] = useState('');
  // The store holds the acknowledgement and drops it with its warning (security.md 27): it counts only when it
  // covers every withdrawal shown now.
  const acknowledged =
    unresolved.length > 0 && unresolved.every((entry) => acknowledgedIds.includes(entry.review.intentId));
  const acknowledgeBox = useRef<HTMLInputElement | null>(null);
  // "Review withdrawal" was pressed with the box unticked: say so beside the button (focus went to the box).
  const [askedToTick, setAskedToTick] = useState(false);
  const mustTick = unresolved.length > 0 && !acknowledged;
  const book = useAddressBookEntries();

  if (intent) return <WithdrawReviewCard intent={intent} />;
  const options = verified?.referenceId === referenceId ? verified.addresses : [];
  const chosen = options.find((entry) => `${entry.code}:${entry.address}` === choice);
  // Only saved addresses the service lists as verified for the same asset and network may be offered here.
  const verifiedFor = (entry: { code: string; address: string }) =>
    options.find((option) => option.code === entry.code && sameDestination(option.address, entry.address));
  const savedVerified = (book ?? []).filter((entry) => verifiedFor(entry) !== undefined);

  return (
    <div className="withdraw-panel">
      <UnresolvedWithdrawals />
      <ClosedWithdrawals />
      <form
        aria-label="Withdraw"
        onSubmit={(event) => {
          event.preventDefault();
          if (mustTick) {
            setAskedToTick(true);
            acknowledgeBox.current?.focus();
            return;
          }
          const target = chosen ? { code: chosen.code as AssetCode, address: chosen.address } : { code, address };
          // A typed merchant transaction id belongs to the withdrawal it was confirmed with: once confirmed,
          // the next form starts without it (main would refuse it anyway).
          void confirm({
            referenceId,
            ...(merchantTransactionId.trim() === '' ? {} : { merchantTransactionId }),
            ...target,
            amount,
            label,
            email,
            ...(acknowledged ? { acknowledgedIntentIds: toSend() } : {}),
          }).then((underReview) => {
            if (underReview) setMerchantTransactionId('');
          });
        }}
      >
        <label htmlFor="withdraw-reference">Member reference id</label>
        <p id="withdraw-reference-hint" className="merchant-hint">
          The reference the addresses are verified under. It is sent with the withdrawal as its reference id.
        </p>
        <div className="row">
          <input
            id="withdraw-reference"
            aria-describedby="withdraw-reference-hint"
            value={referenceId}
            onChange={(event) => setReferenceId(event.target.value)}
            autoComplete="off"
          />
          <button
            type="button"
            className="secondary"
            disabled={referenceId.trim() === '' || loadingVerified}
            onClick={() => void loadVerified(referenceId)}
          >
            Load verified addresses
          </button>
        </div>
        <AddressBookPicker
          entries={savedVerified}
          address={chosen?.address ?? ''}
          label="Address book (verified addresses only)"
          emptyText="No saved address is verified here"
          onPick={(entry) => {
            const option = verifiedFor(entry);
            if (option) setChoice(`${option.code}:${option.address}`);
          }}
        />
        <label htmlFor="withdraw-verified">Verified address</label>
        <select
          id="withdraw-verified"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          aria-describedby={chosen ? 'withdraw-verified-chosen' : undefined}
        >
          <option value="">
            {options.length === 0 ? 'No verified addresses loaded' : 'Choose a verified address'}
          </option>
          {options.map((entry) => (
            <option key={`${entry.code}:${entry.address}`} value={`${entry.code}:${entry.address}`}>
              {`${entry.label || 'Unlabelled'} — ${entry.code} — ${entry.address}`}
            </option>
          ))}
        </select>
        {/* A closed list cannot wrap: the chosen address in full, where it can. */}
        {chosen && (
          <p id="withdraw-verified-chosen" className="withdraw-chosen">
            {`${chosen.label || 'Unlabelled'} — ${assetLabel(chosen.code)} — `}
            <span className="mono">{chosen.address}</span>
          </p>
        )}

        {allowUnverified && !chosen && (
          <>
            <label htmlFor="withdraw-asset">Asset and network</label>
            <select id="withdraw-asset" value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
              <AssetOptions />
            </select>
            <label htmlFor="withdraw-address">Address (not verified)</label>
            <input
              id="withdraw-address"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              size={50}
              autoComplete="off"
              spellCheck={false}
            />
          </>
        )}
        <label htmlFor="withdraw-amount">{`Amount${chosen ? ` (${chosen.code})` : ''}`}</label>
        <DecimalInput
          id="withdraw-amount"
          value={amount}
          unit={chosen?.code ?? (allowUnverified ? code : undefined)}
          errorId={undefined}
          onChange={setAmount}
        />
        <label htmlFor="withdraw-label">Label</label>
        <input
          id="withdraw-label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          autoComplete="off"
        />
        <label htmlFor="withdraw-mti">Merchant transaction id (optional)</label>
        <input
          id="withdraw-mti"
          aria-describedby="withdraw-mti-hint"
          value={merchantTransactionId}
          onChange={(event) => setMerchantTransactionId(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <p id="withdraw-mti-hint" className="merchant-hint">
          Your own id for this withdrawal, used once: it identifies it at the service and when its status is checked.
          Leave it empty to have one made when you review.
        </p>
        <label htmlFor="withdraw-email">Merchant account e-mail</label>
        <input
          id="withdraw-email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
        />
        {unresolved.length > 0 && (
          <UnsettledAcknowledgement
            warningId="withdraw-unresolved-warning"
            unsettled={unresolved}
            action="start a new one anyway"
            checked={acknowledged}
            onChange={acknowledgeAll}
            boxRef={acknowledgeBox}
          />
        )}
        <div className="row merchant-actions">
          <button
            type="submit"
            className="primary"
            disabled={confirming || amount === '' || email === '' || (!chosen && !allowUnverified)}
            aria-describedby={askedToTick && mustTick ? 'withdraw-new-tick' : undefined}
          >
            Review withdrawal
          </button>
          {askedToTick && mustTick && (
            <p id="withdraw-new-tick" role="alert">
              Tick the box above, &quot;I understand the earlier{' '}
              {unresolved.length === 1 ? 'withdrawal' : 'withdrawals'} may have gone through&quot;, first.
            </p>
          )}
        </div>
      </form>
      <Feedback {...feedback} />
      <Feedback {...settingFeedback} />

      <fieldset className="merchant-danger">
        <legend>Unverified addresses</legend>
        <label>
          <input
            type="checkbox"
            checked={allowUnverified}
            onChange={(event) => void setAllowUnverified(event.target.checked)}
          />{' '}
          Allow unverified addresses
        </label>
        <p className="warning">
          Warning: money sent to a wrong or mistyped address cannot be recovered. Verified addresses prove you control
          the destination; leave this off unless you must pay an address that cannot be verified.
        </p>
      </fieldset>
    </div>
  );
}
