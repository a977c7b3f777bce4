import { useEffect, useId } from 'react';
import type {
  JournalMoveKind,
  JournalRecoveryCause,
  JournalRecoveryView,
  UnreadableMoveView,
} from '../../../src-preload/contract/journal';
import { useJournalRecoveryStore } from '../stores/journal-recovery-store';
import { CryptoAmount } from './amount';
import { ErrorMessage } from './error-message';

function causeWords(cause: JournalRecoveryCause): string {
  switch (cause) {
    case 'journal-damaged':
      return 'The file in which Wallet Desk records payments that may have gone through was damaged, for example by a crash or a power cut.';
    case 'journal-missing':
      return 'The file in which Wallet Desk records payments that may have gone through was missing, so its previous copy was used.';
    case 'entries-unreadable':
      return 'Some entries of the file in which Wallet Desk records payments that may have gone through could not be read.';
    case 'settings-unreadable':
      return 'Some payments that an earlier version of Wallet Desk recorded in its settings file could not be read.';
  }
}

function kindWords(kind: JournalMoveKind): string {
  switch (kind) {
    case 'send':
      return 'Send';
    case 'swap':
      return 'Swap';
    case 'withdraw':
      return 'Withdrawal';
  }
}

function unreadableWords(move: UnreadableMoveView): string {
  const reference = move.referenceId;
  if (reference === null) return 'There may be more payments of which nothing could be read, not even their reference.';
  switch (move.kind) {
    case 'send':
      return `The details of the send with the reference ${reference} could not be read.`;
    case 'swap':
      return `The details of the swap with the reference ${reference} could not be read.`;
    case 'withdraw':
      return `The details of the withdrawal with the reference ${reference} could not be read.`;
    case null:
      return `The details of the payment with the reference ${reference} could not be read.`;
  }
}

function RecoveredTable({ recovery }: { recovery: JournalRecoveryView }): React.JSX.Element {
  if (recovery.recovered.length === 0) return <p>No payment could be recovered.</p>;
  return (
    <table>
      <caption>Recovered payments, each still listed as unknown until it is checked</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">Amount</th>
          <th scope="col">To</th>
          <th scope="col">Reference</th>
        </tr>
      </thead>
      <tbody>
        {recovery.recovered.map((move) => (
          <tr key={`${move.kind}:${move.referenceId}`}>
            <td>{kindWords(move.kind)}</td>
            <td>
              <CryptoAmount value={move.amount} code={move.asset} />
            </td>
            <td>
              <code>{move.destination}</code>
            </td>
            <td>
              <code>{move.referenceId}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Shown above every screen while main holds a recovery the user has not seen: what was recovered and
 * what could not be, with the one way out being to say the list was seen. Paying is refused until then.
 */
export function JournalRecoveryNotice(): React.JSX.Element | null {
  const { recovery, error, busy, load, acknowledge } = useJournalRecoveryStore();
  const headingId = useId();
  useEffect(() => {
    void load();
  }, [load]);
  if (!recovery) return null;
  return (
    <section className="journal-recovery" aria-labelledby={headingId}>
      <h2 id={headingId}>Check the payments Wallet Desk recovered</h2>
      <p>{causeWords(recovery.cause)}</p>
      <p>
        Wallet Desk recovered what it could. Each payment below may have gone through. Check each one before you pay
        again. New payments are refused until you confirm that you have seen this list.
      </p>
      <RecoveredTable recovery={recovery} />
      {recovery.unreadable.length > 0 && (
        <>
          <h3>Payments that could not be recovered</h3>
          <ul>
            {recovery.unreadable.map((move, index) => (
              <li key={`${move.referenceId ?? 'unnamed'}:${index}`}>{unreadableWords(move)}</li>
            ))}
          </ul>
        </>
      )}
      {recovery.othersRecovered > 0 && (
        <p>
          {recovery.othersRecovered === 1
            ? 'One more recovered payment belongs to another user of this computer.'
            : `${recovery.othersRecovered} more recovered payments belong to other users of this computer.`}
        </p>
      )}
      {recovery.damagedCopy !== null && (
        <p>A copy of the damaged file is kept in the app's data folder as {recovery.damagedCopy}.</p>
      )}
      {error && <ErrorMessage error={error} />}
      <button type="button" className="primary" disabled={busy} onClick={() => void acknowledge()}>
        I have seen this list
      </button>
    </section>
  );
}
