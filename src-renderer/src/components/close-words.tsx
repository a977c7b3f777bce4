import { withoutUnsafeCharacters } from '../../../src-preload/contract/text';
import { t } from '../i18n/text';
import { useText } from '../i18n/use-text';
import type { MoneyKind } from './unsettled-words';

/**
 * Words and paging for closing unknown money moves (security.md 36). The warning is what main records as
 * shown, so it is one line of whole sentences that names the move and says it may still have moved money.
 */

/** How many entries a list of money moves shows at once: a thousand unknown ones stay usable. */
export const PAGE_SIZE = 10;

/**
 * The warning before one move is closed: what, when, its reference, and that it may have moved money. The
 * bridge refuses text-direction marks (security.md 34) and an Arabic date has them, so they are left out of
 * the words shown, which are the words main records: otherwise nobody in that locale could close a move.
 */
export function closeOneWarning(what: string, when: string, referenceId: string): string {
  return withoutUnsafeCharacters(t('money.close.one', { what, when, reference: referenceId }));
}

/** The warning before every listed move is closed at once, naming how many. */
export function closeAllWarning(count: number, kind: MoneyKind): string {
  return withoutUnsafeCharacters(t('money.close.all', { count, kind }));
}

/** Previous and next page of a long list, with where the reader is; nothing for a list of one page. */
export function ListPager(props: {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  onPage(page: number): void;
}): React.JSX.Element | null {
  const { page, pages, total } = props;
  const t = useText();
  if (pages <= 1) return null;
  const first = page * PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * PAGE_SIZE);
  return (
    <nav aria-label={t('money.pager.label', { list: props.label })} className="row money-pager">
      <button type="button" className="secondary" disabled={page === 0} onClick={() => props.onPage(page - 1)}>
        {t('money.pager.previous')}
      </button>
      <span role="status">{t('money.pager.showing', { first, last, total })}</span>
      <button type="button" className="secondary" disabled={page >= pages - 1} onClick={() => props.onPage(page + 1)}>
        {t('money.pager.next')}
      </button>
    </nav>
  );
}
