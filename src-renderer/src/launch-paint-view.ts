import type { PortfolioView, PortfolioWallet } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import { formatCrypto, formatSignedUsd, formatUsd, signedTone } from './format/amounts';
import { formatDateTime } from './format/dates';
import { launchParts as tParts, launchText as t } from './i18n/launch-text';
import type { LaunchMessageId as MessageId } from './i18n/launch-text';

/** Every tag the launch view is made of: what main's serialiser (src-main/shell/launch-markup.ts) may write. */
export const LAUNCH_TAGS = [
  'main',
  'h1',
  'h2',
  'p',
  'div',
  'span',
  'section',
  'time',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;
export type LaunchTag = (typeof LAUNCH_TAGS)[number];

/** What the view needs of an element: attributes set as values, children appended, text as text. */
export interface ViewElement<N> {
  setAttribute(name: string, value: string): void;
  append(...children: Array<N | string>): void;
}

/**
 * The part of `document` the paint uses, so tests, and main writing the view into the served index.html, can
 * hand it a stand-in.
 */
export interface ElementMaker<N extends ViewElement<N>> {
  createElement(tag: LaunchTag): N;
}

function element<N extends ViewElement<N>>(
  doc: ElementMaker<N>,
  tag: LaunchTag,
  attributes: Record<string, string>,
  ...children: Array<N | string>
): N {
  const made = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

function cryptoAmount<N extends ViewElement<N>>(doc: ElementMaker<N>, value: string, code: string): N {
  return element(
    doc,
    'span',
    { class: 'amount' },
    `${formatCrypto(value, code)} `,
    element(doc, 'span', { class: 'unit' }, code),
  );
}

function usdAmount<N extends ViewElement<N>>(doc: ElementMaker<N>, value: string, signed = false): N {
  const tone = signed ? signedTone(value) : '';
  return element(doc, 'span', { class: `amount ${tone}` }, signed ? formatSignedUsd(value) : formatUsd(value));
}

function walletRow<N extends ViewElement<N>>(doc: ElementMaker<N>, wallet: PortfolioWallet): N {
  return element(
    doc,
    'tr',
    {},
    element(doc, 'th', { scope: 'row' }, wallet.code),
    element(doc, 'td', {}, wallet.displayName),
    element(doc, 'td', {}, wallet.network),
    element(doc, 'td', { class: 'numeric' }, cryptoAmount(doc, wallet.amount, wallet.code)),
    element(doc, 'td', { class: 'numeric' }, usdAmount(doc, wallet.priceUsd)),
    element(doc, 'td', { class: 'numeric' }, usdAmount(doc, wallet.valueUsd)),
  );
}

/** A message naming when the balances were fetched, its <time> tag made a time element. */
function withTime<N extends ViewElement<N>>(
  doc: ElementMaker<N>,
  id: MessageId,
  fetchedAt: string,
  values: Record<string, unknown> = {},
): Array<N | string> {
  return tParts<N>(id, {
    ...values,
    when: formatDateTime(fetchedAt),
    time: (chunks: Array<N | string>) => element(doc, 'time', { datetime: fetchedAt }, ...chunks),
  });
}

/**
 * The line above the balances, saying what is true of the session, in the words of the screen the app
 * opens on: Home's line once the session is restored (its fresh balances are on their way: the launch
 * script asked for them), CachedBalancesScreen's notice when the service was out of reach (without its
 * "Try again", a control the paint cannot serve), and "Restoring your session…" only while it is.
 */
function sessionLine<N extends ViewElement<N>>(doc: ElementMaker<N>, session: SessionView, fetchedAt: string): N {
  if (session.status === 'signed-in')
    return element(
      doc,
      'span',
      { class: 'home-updated', role: 'status' },
      ...withTime(doc, 'home.lastKnown.status', fetchedAt, { refreshing: 'true' }),
    );
  if (session.restoreFailed !== undefined)
    return element(
      doc,
      'div',
      { role: 'alert', class: 'notice' },
      element(doc, 'p', {}, ...withTime(doc, 'home.lastKnown.unreachable', fetchedAt)),
    );
  return element(doc, 'p', { role: 'status' }, ...withTime(doc, 'home.lastKnown.restoring', fetchedAt));
}

function columnHeading<N extends ViewElement<N>>(doc: ElementMaker<N>, label: MessageId, numeric = false): N {
  return element(doc, 'th', numeric ? { scope: 'col', class: 'numeric' } : { scope: 'col' }, t(label));
}

/** balances-view.tsx's Totals and WalletsTable, as they draw balances that are here. */
function balancesParts<N extends ViewElement<N>>(
  doc: ElementMaker<N>,
  portfolio: PortfolioView,
  source: 'cached' | 'fresh',
): N[] {
  const table = element(
    doc,
    'table',
    { 'aria-label': t('home.wallets.table'), 'aria-busy': 'false', 'data-balances': source, class: 'wallets-table' },
    element(
      doc,
      'thead',
      {},
      element(
        doc,
        'tr',
        {},
        columnHeading(doc, 'home.wallets.symbol'),
        columnHeading(doc, 'home.wallets.name'),
        columnHeading(doc, 'home.wallets.network'),
        columnHeading(doc, 'home.wallets.amount', true),
        columnHeading(doc, 'home.wallets.price', true),
        columnHeading(doc, 'home.wallets.value', true),
      ),
    ),
    element(doc, 'tbody', {}, ...portfolio.wallets.map((wallet) => walletRow(doc, wallet))),
  );
  const totals = element(
    doc,
    'dl',
    { class: 'card home-totals', 'aria-label': t('home.totals.region') },
    element(
      doc,
      'div',
      {},
      element(doc, 'dt', {}, t('home.totals.balance')),
      element(doc, 'dd', {}, usdAmount(doc, portfolio.totalBalanceUsd)),
    ),
    element(
      doc,
      'div',
      {},
      element(doc, 'dt', {}, t('home.totals.dailyProfit')),
      element(doc, 'dd', {}, usdAmount(doc, portfolio.dailyProfitUsd, true)),
    ),
  );
  const parts = [totals, element(doc, 'div', { class: 'wallets-table-wrap' }, table)];
  if (portfolio.wallets.length === 0) parts.push(element(doc, 'p', {}, t('home.wallets.none')));
  return parts;
}

/**
 * The frame of the launch screens: the app's name over what the app's first screen will show. Its heading's
 * id is the view's own: main's fresh part and the cached rows it hides are in the page together, and each
 * <main> must be named by its own heading, not the first one with that id.
 */
function launchFrame<N extends ViewElement<N>>(doc: ElementMaker<N>, titleId: string, ...children: N[]): N {
  return element(
    doc,
    'main',
    { class: 'gate cached-balances', 'aria-labelledby': titleId },
    element(doc, 'h1', { id: titleId }, t('common.appName')),
    ...children,
  );
}

/**
 * The last known balances as screens/home/cached-balances-screen.tsx draws them, under the line that says
 * where the session stands (a unit test holds both to the app's markup), built with the DOM: text is set
 * as text, never parsed as markup. It has no controls; the app replaces it within a few frames.
 */
export function launchBalancesView<N extends ViewElement<N>>(
  doc: ElementMaker<N>,
  portfolio: PortfolioView,
  session: SessionView,
): N {
  return launchFrame(
    doc,
    'cached-title',
    sessionLine(doc, session, portfolio.fetchedAt),
    element(
      doc,
      'section',
      { 'aria-label': t('home.lastKnown.region'), class: 'screen home' },
      ...balancesParts(doc, portfolio, 'cached'),
    ),
  );
}

/**
 * This run's balances as Home (screens/home/home-screen.tsx) draws them the moment they arrive: its heading,
 * its "Updated 0 s ago" line, the totals and the table marked fresh; without its Refresh button (a control
 * the paint cannot serve) and its pictures, which the app brings. A unit test holds it to Home's markup.
 */
export function launchFreshView<N extends ViewElement<N>>(doc: ElementMaker<N>, portfolio: PortfolioView): N {
  const updated = element(
    doc,
    'span',
    { class: 'home-updated' },
    ...tParts<N>('home.updated', {
      unit: 'second',
      count: 0,
      time: (chunks: Array<N | string>) => element(doc, 'time', { datetime: portfolio.fetchedAt }, ...chunks),
    }),
  );
  return launchFrame(
    doc,
    'fresh-title',
    element(
      doc,
      'section',
      { 'aria-labelledby': 'home-title', class: 'screen home', 'aria-busy': 'false' },
      element(
        doc,
        'div',
        { class: 'row home-header' },
        element(doc, 'h2', { id: 'home-title' }, t('home.title')),
        updated,
      ),
      ...balancesParts(doc, portfolio, 'fresh'),
    ),
  );
}
