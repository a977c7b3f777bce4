import type { BridgeError } from '../../../../src-preload/result';

/**
 * What went wrong, once: main records a failed sign-in or unlock in the session view and also answers the
 * call with the same error, so showing both would say everything twice.
 */
export function GateAlerts({
  problem,
  error,
}: {
  problem: string | undefined;
  error: BridgeError | null;
}): React.JSX.Element | null {
  const messages = [...new Set([problem, error?.message].filter((text): text is string => Boolean(text)))];
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="error">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
