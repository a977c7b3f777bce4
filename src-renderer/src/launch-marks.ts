/**
 * The names index.html's served launch views are marked with: main writes them (src-main/shell/launch-view.ts,
 * launch-document.ts), and three readers find the views by them: the launch paint (launch-paint.ts), the launch
 * script (public/launch-requests.js) and the stylesheet (styles.css). The last two are checked by no compiler, so
 * tests/unit/renderer/launch-marks.test.ts reads them as text and holds them to these names.
 */

/** Marks the element a served view is in: `cached` (the last known balances) or `fresh` (this run's). */
export const LAUNCH_MARK_ATTRIBUTE = 'data-launch';

export const LAUNCH_MARKS = { cached: 'cached', fresh: 'fresh' } as const;

/** The element after the launch script that this run's balances come in when #root was written without them. */
export const LAUNCH_FRESH_ID = 'launch-fresh';

/** The attribute naming the account of the fresh part main serves (src-main/shell/launch-view.ts). */
export const LAUNCH_FRESH_ACCOUNT_ATTRIBUTE = 'data-launch-account';

/** Main's fresh part, as the page looks it up. */
export const LAUNCH_FRESH_SELECTOR = `#${LAUNCH_FRESH_ID}[${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.fresh}"]`;
