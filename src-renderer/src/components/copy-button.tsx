import { useState } from 'react';
import { wallet } from '../bridge';

type CopyState = 'idle' | 'copying' | 'verified' | 'mismatch' | 'failed';

/**
 * Copies through main, which reads the clipboard back: "verified" means what the user pastes is exactly
 * this text, not something a clipboard hijacker swapped in.
 */
export function CopyButton({ text, label = 'Copy address' }: { text: string; label?: string }): React.JSX.Element {
  const [outcome, setOutcome] = useState<{ text: string; state: CopyState; problem?: string } | null>(null);
  // A confirmation belongs to the text it was about: another text starts from idle.
  const state: CopyState = outcome?.text === text ? outcome.state : 'idle';
  const problem = outcome?.problem ?? null;

  async function copy(): Promise<void> {
    setOutcome({ text, state: 'copying' });
    const result = await wallet.clipboard.copy({ text });
    if (!result.ok) setOutcome({ text, state: 'failed', problem: result.error.message });
    else setOutcome({ text, state: result.value.verified ? 'verified' : 'mismatch' });
  }

  return (
    <span className="copy-button">
      <button type="button" className="secondary" disabled={state === 'copying'} onClick={() => void copy()}>
        {label}
      </button>
      {state === 'copying' && <span role="status">Copying…</span>}
      {state === 'verified' && <span role="status">Copied. The clipboard holds exactly this text.</span>}
      {state === 'mismatch' && (
        <span role="alert">
          The clipboard does not hold what was copied: something changed it. Do not paste it; copy again.
        </span>
      )}
      {state === 'failed' && <span role="alert">{problem ?? 'Copying failed.'}</span>}
    </span>
  );
}
