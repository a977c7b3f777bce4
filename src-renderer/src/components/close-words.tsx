import { withoutUnsafeCharacters } from '../../../src-preload/contract/text';

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
  return withoutUnsafeCharacters(
    `The ${what} that you started at ${when} (reference ${referenceId}) may still have moved money, and the service may show it later. Close it only if you are sure it did not go through. Wallet Desk keeps it in the list of closed moves and warns you at once if the service shows it later.`,
  );
}

/** The warning before every listed move is closed at once, naming how many. */
export function closeAllWarning(count: number, noun: { readonly one: string; readonly many: string }): string {
  return `All ${count} ${noun.many} listed here may still have moved money, and the service may show any of them later. Close them only if you are sure that none of them went through. Wallet Desk keeps them in the list of closed moves and warns you at once if the service shows one later.`;
}

const counted = new Intl.NumberFormat();

/** Previous and next page of a long list, with where the reader is; nothing for a list of one page. */
export function ListPager(props: {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  onPage(page: number): void;
}): React.JSX.Element | null {
  const { page, pages, total } = props;
  if (pages <= 1) return null;
  const first = page * PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * PAGE_SIZE);
  return (
    <nav aria-label={`Pages of ${props.label}`} className="row money-pager">
      <button type="button" className="secondary" disabled={page === 0} onClick={() => props.onPage(page - 1)}>
        Previous page
      </button>
      <span role="status">{`Showing ${counted.format(first)} to ${counted.format(last)} of ${counted.format(total)}.`}</span>
      <button type="button" className="secondary" disabled={page >= pages - 1} onClick={() => props.onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
