import { wallet } from '../../bridge';
import { useText } from '../../i18n/use-text';
import { shortHash } from './history-format';

/** A record without a hash yet: a dash, as in every empty cell. */
const NO_HASH = '—';

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
  const t = useText();
  if (txId === '') return <span className="history-muted">{NO_HASH}</span>;
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
      title={t('history.explorer.title', { txId })}
      // The name contains the visible text (WCAG 2.5.3), so speech users can say what they see.
      aria-label={t('history.explorer.open', { hash: text })}
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
