import { wallet } from '../../bridge';
import { shortHash } from './history-format';

/**
 * The txId as a button that opens the block explorer in the system browser (main checks the host). In a
 * row it is no Tab stop of its own (the row is, and the row's detail dialog has the same link).
 */
export function ExplorerLink({
  txId,
  url,
  full = false,
  inRow = false,
}: {
  txId: string;
  url: string | null;
  full?: boolean;
  inRow?: boolean;
}): React.JSX.Element {
  if (txId === '') return <span className="history-muted">—</span>;
  const text = full ? txId : shortHash(txId);
  if (!url) {
    return (
      <span className="mono" title={txId}>
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      tabIndex={inRow ? -1 : undefined}
      className="history-link mono"
      title={`${txId} — open in block explorer`}
      // The name contains the visible text (WCAG 2.5.3), so speech users can say what they see.
      aria-label={`Open transaction ${text} in block explorer`}
      onClick={(event) => {
        event.stopPropagation();
        void wallet.links.open({ url });
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {text}
    </button>
  );
}
