import { useEffect, useId } from 'react';
import type {
  JournalRecoveryCause,
  JournalRecoveryView,
  UnreadableMoveView,
} from '../../../src-preload/contract/journal';
import type { t as text } from '../i18n/text';
import { useText } from '../i18n/use-text';
import { useJournalRecoveryStore } from '../stores/journal-recovery-store';
import { CryptoAmount } from './amount';
import { ErrorMessage } from './error-message';

/** The catalogue's name for each cause (its select keys). */
const causeKeys = {
  'journal-damaged': 'damaged',
  'journal-missing': 'missing',
  'entries-unreadable': 'entries',
  'settings-unreadable': 'settings',
} as const satisfies Record<JournalRecoveryCause, string>;

function unreadableWords(t: typeof text, move: UnreadableMoveView): string {
  if (move.referenceId === null) return t('money.recovery.unnamed');
  return t('money.recovery.unreadable', { kind: move.kind ?? 'payment', reference: move.referenceId });
}

function RecoveredTable({ recovery }: { recovery: JournalRecoveryView }): React.JSX.Element {
  const t = useText();
  if (recovery.recovered.length === 0) return <p>{t('money.recovery.none')}</p>;
  return (
    <table>
      <caption>{t('money.recovery.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('money.recovery.kind')}</th>
          <th scope="col">{t('money.recovery.amount')}</th>
          <th scope="col">{t('money.recovery.to')}</th>
          <th scope="col">{t('money.recovery.reference')}</th>
        </tr>
      </thead>
      <tbody>
        {recovery.recovered.map((move) => (
          <tr key={`${move.kind}:${move.referenceId}`}>
            <td>{t('money.recovery.kindName', { kind: move.kind })}</td>
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
  const t = useText();
  useEffect(() => {
    void load();
  }, [load]);
  if (!recovery) return null;
  return (
    <section className="journal-recovery" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('money.recovery.title')}</h2>
      <p>{t('money.recovery.cause', { cause: causeKeys[recovery.cause] })}</p>
      <p>{t('money.recovery.lead')}</p>
      <RecoveredTable recovery={recovery} />
      {recovery.unreadable.length > 0 && (
        <>
          <h3>{t('money.recovery.unreadableTitle')}</h3>
          <ul>
            {recovery.unreadable.map((move, index) => (
              <li key={`${move.referenceId ?? 'unnamed'}:${index}`}>{unreadableWords(t, move)}</li>
            ))}
          </ul>
        </>
      )}
      {recovery.othersRecovered > 0 && <p>{t('money.recovery.others', { count: recovery.othersRecovered })}</p>}
      {recovery.damagedCopy !== null && <p>{t('money.recovery.damagedCopy', { file: recovery.damagedCopy })}</p>}
      {error && <ErrorMessage error={error} />}
      <button type="button" className="primary" disabled={busy} onClick={() => void acknowledge()}>
        {t('money.recovery.seen')}
      </button>
    </section>
  );
}
