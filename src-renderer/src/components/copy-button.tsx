import { useState } from 'react';
import { wallet } from '../bridge';
import { useText } from '../i18n/use-text';

type CopyState = 'idle' | 'copying' | 'verified' | 'mismatch' | 'failed';

/**
 * Copies through main, which reads the clipboard back: "verified" means what the user pastes is exactly
 * this text, not something a clipboard hijacker swapped in.
 */
export function CopyButton({ text, label }: { text: string; label?: string }): React.JSX.Element {
  const t = useText();
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
        {label ?? t('money.copy.address')}
      </button>
      {state === 'copying' && <span role="status">{t('money.copy.copying')}</span>}
      {state === 'verified' && <span role="status">{t('money.copy.verified')}</span>}
      {state === 'mismatch' && <span role="alert">{t('money.copy.mismatch')}</span>}
      {state === 'failed' && <span role="alert">{problem ?? t('money.copy.failed')}</span>}
    </span>
  );
}
