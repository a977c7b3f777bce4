import { useId, useState } from 'react';
import { formatCount } from '../../format/amounts';
import { resolvePageJump } from './page-jump';

/** A page number field and Go; out-of-range numbers are clamped and the note says to which page. */
function JumpToPage({
  last,
  busy,
  onPage,
}: {
  last: number;
  busy: boolean;
  onPage: (page: number) => void;
}): React.JSX.Element {
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState<{ readonly text: string; readonly invalid: boolean } | null>(null);
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
  totalPages,
  totalRecords,
  busy,
  onPage,
}: {
  page: number;
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
      <JumpToPage last={last} busy={busy} onPage={onPage} />
    </>
  );
}
