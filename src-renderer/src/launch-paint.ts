import type { Preferences } from '../../src-preload/contract/app';
import type { PortfolioView, PortfolioWallet } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import type { Result } from '../../src-preload/result';
import { wallet } from './bridge';
import { formatCrypto, formatSignedUsd, formatUsd, signedTone } from './format/amounts';
import { formatDateTime } from './format/dates';
import { applyLanguage, t, tParts } from './i18n/text';
import type { MessageId } from './i18n/text';
import { peekStartupAnswer } from './startup-requests';

/**
 * How long the launch paint waits for main's answers before leaving the first screen to the app. Main
 * answers them from memory; a keychain that hangs (security.md 31) must not hold the app back.
 */
const LAUNCH_PAINT_WAIT_MS = 100;

/** The parts of `document` the paint uses, so tests can hand it a stand-in. */
export type ElementMaker = Pick<Document, 'createElement'>;

/**
 * Whether the last known balances may be painted before the app is evaluated: only when privacy mode is
 * known to be off (never shown while it is on, nor before it is known), and only where the app's first
 * screen shows them too (a session being restored, out of the service's reach, or restored to the account
 * they belong to: Home drops another account's), never over a sign-in or lock screen.
 */
export function launchPaintAllowed(
  session: Result<SessionView>,
  cached: Result<PortfolioView | null>,
  preferences: Result<Preferences>,
): cached is { ok: true; value: PortfolioView } {
  if (!preferences.ok || preferences.value.privacyMode !== false) return false;
  if (!cached.ok || cached.value === null || !session.ok) return false;
  const view = session.value;
  if (view.status === 'signed-in') return view.activeAccountGuid === cached.value.accountGuid;
  return view.status === 'signing-in' || view.restoreFailed !== undefined;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: ElementMaker,
  tag: K,
  attributes: Record<string, string>,
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const made = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

function cryptoAmount(doc: ElementMaker, value: string, code: string): HTMLElement {
  return element(
    doc,
    'span',
    { class: 'amount' },
    `${formatCrypto(value, code)} `,
    element(doc, 'span', { class: 'unit' }, code),
  );
}

function usdAmount(doc: ElementMaker, value: string, signed = false): HTMLElement {
  const tone = signed ? signedTone(value) : '';
  return element(doc, 'span', { class: `amount ${tone}` }, signed ? formatSignedUsd(value) : formatUsd(value));
}

function walletRow(doc: ElementMaker, wallet: PortfolioWallet): HTMLElement {
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
function withTime(doc: ElementMaker, id: MessageId, fetchedAt: string, values: Record<string, unknown> = {}) {
  return tParts<Node>(id, {
    ...values,
    when: formatDateTime(fetchedAt),
    time: (chunks: Array<Node | string>) => element(doc, 'time', { datetime: fetchedAt }, ...chunks),
  });
}

/**
 * The line above the balances, saying what is true of the session, in the words of the screen the app
 * opens on: Home's line once the session is restored (its fresh balances are on their way: the launch
 * script asked for them), CachedBalancesScreen's notice when the service was out of reach (without its
 * "Try again", a control the paint cannot serve), and "Restoring your session…" only while it is.
 */
function sessionLine(doc: ElementMaker, session: SessionView, fetchedAt: string): HTMLElement {
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

/**
 * The last known balances as screens/home/cached-balances-screen.tsx draws them, under the line that says
 * where the session stands (a unit test holds both to the app's markup), built with the DOM: text is set
 * as text, never parsed as markup. It has no controls; the app replaces it within a few frames.
 */
export function launchBalancesView(doc: ElementMaker, portfolio: PortfolioView, session: SessionView): HTMLElement {
  const column = (label: MessageId, numeric = false): HTMLElement =>
    element(doc, 'th', numeric ? { scope: 'col', class: 'numeric' } : { scope: 'col' }, t(label));
  const table = element(
    doc,
    'table',
    { 'aria-label': t('home.wallets.table'), 'aria-busy': 'false', 'data-balances': 'cached', class: 'wallets-table' },
    element(
      doc,
      'thead',
      {},
      element(
        doc,
        'tr',
        {},
        column('home.wallets.symbol'),
        column('home.wallets.name'),
        column('home.wallets.network'),
        column('home.wallets.amount', true),
        column('home.wallets.price', true),
        column('home.wallets.value', true),
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
  const section = element(
    doc,
    'section',
    { 'aria-label': t('home.lastKnown.region'), class: 'screen home' },
    totals,
    element(doc, 'div', { class: 'wallets-table-wrap' }, table),
  );
  if (portfolio.wallets.length === 0) section.append(element(doc, 'p', {}, t('home.wallets.none')));
  return element(
    doc,
    'main',
    { class: 'gate cached-balances', 'aria-labelledby': 'cached-title' },
    element(doc, 'h1', { id: 'cached-title' }, t('common.appName')),
    sessionLine(doc, session, portfolio.fetchedAt),
    section,
  );
}

/** Resolves once the frame showing what was just put in the DOM has been painted. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
}

const nothingToRelease = (): void => undefined;

/**
 * Paints the last known balances into `container` from the launch's answers (public/launch-requests.js),
 * without React, and resolves once they are on screen; resolves at once when there is nothing it may paint.
 * It only looks at the answers: the stores still take them when the app starts. Until the app calls the
 * function it resolves with (as it draws its first frame), a lock, a sign-out or privacy mode switched on
 * takes the balances off the screen at once.
 */
export async function paintLaunchBalances(container: HTMLElement): Promise<() => void> {
  const session = peekStartupAnswer('session');
  const cached = peekStartupAnswer('cachedBalances');
  const preferences = peekStartupAnswer('preferences');
  if (!session || !cached || !preferences) return nothingToRelease;
  const answers = await Promise.race([
    Promise.all([session, cached, preferences]),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), LAUNCH_PAINT_WAIT_MS)),
  ]);
  if (!answers) return nothingToRelease;
  const cachedAnswer = answers[1];
  let [sessionNow, , preferencesNow] = answers;
  if (!sessionNow.ok || !launchPaintAllowed(sessionNow, cachedAnswer, preferencesNow)) return nothingToRelease;
  // In the user's language from the first frame. English is at hand at once; another language loads its
  // catalogue first, and what the session and preferences say is then looked at again, as it may have moved.
  if (preferencesNow.ok && (await applyLanguage(preferencesNow.value.language)) === 'loaded') {
    [sessionNow, preferencesNow] = await Promise.all([
      peekStartupAnswer('session') ?? session,
      peekStartupAnswer('preferences') ?? preferences,
    ]);
    if (!sessionNow.ok || !launchPaintAllowed(sessionNow, cachedAnswer, preferencesNow)) return nothingToRelease;
  }
  let painted = launchBalancesView(document, cachedAnswer.value, sessionNow.value);
  container.replaceChildren(painted);
  const stopFollowing = [
    wallet.on('session.changed', (view) => {
      sessionNow = { ok: true, value: view };
      follow();
    }),
    wallet.on('preferences.changed', (value) => {
      preferencesNow = { ok: true, value };
      follow();
    }),
  ];
  const release = (): void => stopFollowing.forEach((stop) => stop());
  // A session restored meanwhile is said so at once: the paint never says "Restoring" of a restored one.
  function follow(): void {
    const stillPainted = painted.parentNode === container;
    if (sessionNow.ok && launchPaintAllowed(sessionNow, cachedAnswer, preferencesNow)) {
      if (!stillPainted) return;
      painted = launchBalancesView(document, cachedAnswer.value, sessionNow.value);
      container.replaceChildren(painted);
      return;
    }
    release();
    if (stillPainted) container.replaceChildren();
  }
  await afterNextPaint();
  return release;
}
