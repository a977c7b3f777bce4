import { useEffect, useRef, useState } from 'react';

/** Seconds until the quote expires, ticking once a second; calls onExpire once per quote when it reaches zero. */
export function QuoteCountdown({
  expiresAt,
  onExpire,
}: {
  expiresAt: string;
  onExpire?: () => void;
}): React.JSX.Element {
  const [now, setNow] = useState(() => Date.now());
  const firedFor = useRef<string | null>(null);
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (left > 0 || firedFor.current === expiresAt) return;
    firedFor.current = expiresAt;
    onExpire?.();
  }, [left, expiresAt, onExpire]);

  return (
    <p className={`swap-countdown${left === 0 ? ' swap-countdown-expired' : ''}`} aria-label="Quote expiry">
      {left > 0 ? `Quote valid for ${left} s` : 'Quote expired'}
    </p>
  );
}
