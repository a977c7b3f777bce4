import { useId, useState } from 'react';
import { formatCount } from '../../format/amounts';
import { resolvePageJump } from './page-jump';

/**
 * A page number field and Go; out-of-range numbers are clamped and the note says to which page. The number
 * and its note belong to the page and query they were typed for: another page (the page buttons) or another
 * query (a re-sort, a filter) empties them, or they would name a page that is not the one shown.
 */
function JumpToPage({
  page,
  query,
  last,
  busy,
  onPage,
}: {
  page: number;
  query: string;
  last: number;
  busy: boolean;
  onPage: (page: number) => void;
}): React.JSX.Element {
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState<{ readonly text: string; readonly invalid: boolean } | null>(null);
  const [typedFor, setTypedFor] = useState({ page, query });
  if (typedFor.page !== page || typedFor.query !== query) {
    setTypedFor({ page, query });
    setText('');
    setNote(null);
  }
  return (
    <form
      className="history-jump row"
      aria-label="Jump to page"
      onSubmit={(event) => {
        event.preventDefault();
        const jump = resolvePageJump(text, last, formatCount);
        if (jump.kind === 'invalid') {
          setNote({ text: jump.message, invalid: true });
          return;
        }
        setNote(jump.note === null ? null : { text: jump.note, invalid: false });
        setText(String(jump.page));
        setTypedFor({ page: jump.page, query });
        onPage(jump.page);
      }}
    >
      <label htmlFor={id}>Go to page</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        size={6}
        maxLength={9}
        value={text}
        aria-invalid={note?.invalid ?? false}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setNote(null);
        }}
      />
      <button type="submit" className="secondary" disabled={busy}>
        Go
      </button>
      <p id={`${id}-note`} role="status" aria-live="polite" className="history-jump-note">
        {note?.text ?? ''}
      </p>
    </form>
  );
}

export function HistoryPagination({
  page,
  query,
  totalPages,
  totalRecords,
  busy,
  onPage,
}: {
  page: number;
  /** Names the filters and order the pages are of: a new one starts the page field afresh. */
  query: string;
  totalPages: number;
  totalRecords: number;
  busy: boolean;
  onPage: (page: number) => void;
}): React.JSX.Element {
  const last = Math.max(1, totalPages);
  const atStart = page <= 1;
  const atEnd = page >= last;
  return (
    <>
      <nav aria-label="Pages" className="history-pages row">
        <button type="button" className="secondary" disabled={busy || atStart} onClick={() => onPage(1)}>
          First page
        </button>
        <button type="button" className="secondary" disabled={busy || atStart} onClick={() => onPage(page - 1)}>
          Previous page
        </button>
        <p role="status" aria-live="polite">
          Page {formatCount(Math.min(page, last))} of {formatCount(last)} · {formatCount(totalRecords)}{' '}
          {totalRecords === 1 ? 'transaction' : 'transactions'}
        </p>
        <button type="button" className="secondary" disabled={busy || atEnd} onClick={() => onPage(page + 1)}>
          Next page
        </button>
        <button type="button" className="secondary" disabled={busy || atEnd} onClick={() => onPage(last)}>
          Last page
        </button>
      </nav>
      <JumpToPage page={page} query={query} last={last} busy={busy} onPage={onPage} />
    </>
  );
}
