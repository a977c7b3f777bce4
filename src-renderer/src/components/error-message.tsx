import type { BridgeError } from '../../../src-preload/result';

/** An error from the bridge in words, announced to screen readers. */
export function ErrorMessage({ error, id }: { error: BridgeError | null; id?: string }): React.JSX.Element | null {
  if (!error) return null;
  return (
    <p role="alert" className="error" id={id}>
      {error.message}
    </p>
  );
}
