import { clockOffWords } from '../format/clock-words';
import { useText } from '../i18n/use-text';
import { useSessionStore } from '../stores/session-store';

/** Shown while main measures the computer's clock more than a minute off the service's (security.md 37). */
export function ClockNotice(): React.JSX.Element | null {
  const aheadSeconds = useSessionStore((state) => state.view?.clockAheadSeconds);
  const t = useText();
  if (aheadSeconds === undefined) return null;
  return (
    <p role="status" className="warning" aria-label={t('money.clock.label')}>
      {clockOffWords(aheadSeconds)}
    </p>
  );
}
