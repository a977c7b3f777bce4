import { useEffect, useRef } from 'react';
import { useVisibleClock } from '../../hooks/use-polling';
import { useText } from '../../i18n/use-text';

/** Seconds before expiry at which a polite status says once that the quote is about to expire. */
const WARN_AT_SECONDS = 10;

/**
 * Seconds until the quote expires, ticking once a second while the window is visible (shown, not announced); a polite live status says
 * it only 10 s before expiry and at expiry. Calls onExpire once per quote when it reaches zero.
 */
export function QuoteCountdown({
  expiresAt,
  onExpire,
  whenExpired,
}: {
  expiresAt: string;
  onExpire?: () => void;
  /** Shown once the quote has expired (the review's "Refresh quote"). */
  whenExpired?: React.ReactNode;
}): React.JSX.Element {
  // Stops while the window is hidden, so an unattended review does not renew its quote every minute;
  // on return the clock catches up and an expired quote is renewed then.
  const now = useVisibleClock(1_000);
  const t = useText();
  const firedFor = useRef<string | null>(null);
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));

  useEffect(() => {
    if (left > 0 || firedFor.current === expiresAt) return;
    firedFor.current = expiresAt;
    onExpire?.();
  }, [left, expiresAt, onExpire]);

  const announcement =
    left === 0
      ? onExpire
        ? t('swap.countdown.renewing')
        : t('swap.countdown.pressToRenew')
      : left <= WARN_AT_SECONDS
        ? t('swap.countdown.soon', { seconds: WARN_AT_SECONDS })
        : '';

  return (
    <>
      <p className={`swap-countdown${left === 0 ? ' swap-countdown-expired' : ''}`}>
        {left > 0 ? t('swap.countdown.valid', { seconds: left }) : t('swap.countdown.expired')}
      </p>
      <p role="status" className="visually-hidden swap-countdown-status">
        {announcement}
      </p>
      {left === 0 && whenExpired}
    </>
  );
}
