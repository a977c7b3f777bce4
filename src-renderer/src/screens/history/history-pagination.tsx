import { useId, useState } from 'react';
import { useText } from '../../i18n/use-text';
import { type PageNote, resolvePageJump } from './page-jump';

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
  const t = useText();
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState<{ readonly text: PageNote; readonly invalid: boolean } | null>(null);
  const [typedFor, setTypedFor] = useState({ page, query });
  if (typedFor.page !== page || typedFor.query !== query) {
    setTypedFor({ page, query });
    setText('');
    setNote(null);
  }
  return (
    <form
      className="history-jump row"
      aria-label={t('history.pages.jump')}
      onSubmit={(event) => {
        event.preventDefault();
        const jump = resolvePageJump(text, last);
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
      <label htmlFor={id}>{t('history.pages.goTo')}</label>
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
        {t('history.pages.go')}
      </button>
      <p id={`${id}-note`} role="status" aria-live="polite" className="history-jump-note">
        {note ? t(note.text.id, note.text.values) : ''}
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
  const t = useText();
  const last = Math.max(1, totalPages);
  const atStart = page <= 1;
  const atEnd = page >= last;
  return (
    <>
      <nav aria-label={t('history.pages.label')} className="history-pages row">
        <button type="button" className="secondary" disabled={busy || atStart} onClick={() => onPage(1)}>
          {t('history.pages.first')}
        </button>
        <button type="button" className="secondary" disabled={busy || atStart} onClick={() => onPage(page - 1)}>
          {t('history.pages.previous')}
        </button>
        <p role="status" aria-live="polite">
          {t('history.pages.status', { page: Math.min(page, last), last, count: totalRecords })}
        </p>
        <button type="button" className="secondary" disabled={busy || atEnd} onClick={() => onPage(page + 1)}>
          {t('history.pages.next')}
        </button>
        <button type="button" className="secondary" disabled={busy || atEnd} onClick={() => onPage(last)}>
          {t('history.pages.last')}
        </button>
      </nav>
      <JumpToPage page={page} query={query} last={last} busy={busy} onPage={onPage} />
    </>
  );
}
