import type { Preferences } from '../../src-preload/contract/app';
import type { PortfolioView, PortfolioWallet } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import type { Result } from '../../src-preload/result';
import { wallet } from './bridge';
import { formatCrypto, formatSignedUsd, formatUsd, signedTone } from './format/amounts';
import { formatDateTime } from './format/dates';
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

function asOf(doc: ElementMaker, fetchedAt: string): Array<Node | string> {
  return ['as of ', element(doc, 'time', { datetime: fetchedAt }, formatDateTime(fetchedAt))];
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
      'Last known balances ',
      ...asOf(doc, fetchedAt),
      ', refreshing…',
    );
  if (session.restoreFailed !== undefined)
    return element(
      doc,
      'div',
      { role: 'alert', class: 'notice' },
      element(
        doc,
        'p',
        {},
        'The service could not be reached, so Wallet Desk shows your last known balances ',
        ...asOf(doc, fetchedAt),
        '. They may have changed since.',
      ),
    );
  return element(
    doc,
    'p',
    { role: 'status' },
    'Restoring your session… Last known balances ',
    ...asOf(doc, fetchedAt),
    '.',
  );
}

/**
 * The last known balances as screens/home/cached-balances-screen.tsx draws them, under the line that says
 * where the session stands (a unit test holds both to the app's markup), built with the DOM: text is set
 * as text, never parsed as markup. It has no controls; the app replaces it within a few frames.
 */
export function launchBalancesView(doc: ElementMaker, portfolio: PortfolioView, session: SessionView): HTMLElement {
  const column = (label: string, numeric = false): HTMLElement =>
    element(doc, 'th', numeric ? { scope: 'col', class: 'numeric' } : { scope: 'col' }, label);
  const table = element(
    doc,
    'table',
    { 'aria-label': 'Wallets', 'aria-busy': 'false', 'data-balances': 'cached', class: 'wallets-table' },
    element(
      doc,
      'thead',
      {},
      element(
        doc,
        'tr',
        {},
        column('Symbol'),
        column('Name'),
        column('Network'),
        column('Amount', true),
        column('Price', true),
        column('Value', true),
      ),
    ),
    element(doc, 'tbody', {}, ...portfolio.wallets.map((wallet) => walletRow(doc, wallet))),
  );
  const totals = element(
    doc,
    'dl',
    { class: 'card home-totals', 'aria-label': 'Totals' },
    element(
      doc,
      'div',
      {},
      element(doc, 'dt', {}, 'Total balance'),
      element(doc, 'dd', {}, usdAmount(doc, portfolio.totalBalanceUsd)),
    ),
    element(
      doc,
      'div',
      {},
      element(doc, 'dt', {}, 'Daily profit'),
      element(doc, 'dd', {}, usdAmount(doc, portfolio.dailyProfitUsd, true)),
    ),
  );
  const section = element(
    doc,
    'section',
    { 'aria-label': 'Last known balances', class: 'screen home' },
    totals,
    element(doc, 'div', { class: 'wallets-table-wrap' }, table),
  );
  if (portfolio.wallets.length === 0) section.append(element(doc, 'p', {}, 'This account has no wallets yet.'));
  return element(
    doc,
    'main',
    { class: 'gate cached-balances', 'aria-labelledby': 'cached-title' },
    element(doc, 'h1', { id: 'cached-title' }, 'Wallet Desk'),
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
