import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { completeBrowserSignIn } from '../e2e/support/signed-in-app';
import { z } from 'zod';
import { signInOnce, type LaunchedApp } from './support/browser-app';
import { HISTORY_ACCOUNT } from './support/service-session';
import { measured, notMeasured, ratioFigure, type FigureModule } from './support/figure';
import { summarize } from './support/stats';
import { writeTrace } from './support/traces';

const ROWS = 100;
const ROW = 'table[aria-label="Transactions"] tbody tr';

/**
 * Installed before the preload and the app. When armed, it notes on the page's clock:
 * - requestAt: the history.page bridge call is made (the renderer asks for the page);
 * - answerAt: the answer to that call has been parsed (Response.json of that very response resolves; the
 *   store's own continuation runs after this one); other history.page answers arriving meanwhile (Home's
 *   pictures read the history too) are not it;
 * - committedAt: React has put the new rows in the DOM (MutationObserver callbacks run right after the
 *   commit, whose sync-lane update is flushed in a microtask);
 * - laidOutAt: style and layout of the new table forced and done (what the browser must do before painting);
 * - paintedAt: the task after the next animation frame.
 * A string, so no bundler helper leaks into the page.
 */
export const PROBE = `(() => {
  const marks = { armed: false };
  Object.defineProperty(window, '__benchHistory', { value: marks });
  // The answer to the request timed, not another history.page answer that happens to arrive meanwhile.
  let own = null;
  const fetch = window.fetch;
  window.fetch = function (input, ...rest) {
    const answer = fetch.call(this, input, ...rest);
    if (marks.armed && marks.requestAt === undefined && String(input instanceof Request ? input.url : input).includes('/__bridge/invoke/history.page')) {
      marks.requestAt = performance.now();
      own = answer;
      answer.then((response) => { if (own === answer) own = response; }, () => undefined);
    }
    return answer;
  };
  const json = Response.prototype.json;
  Response.prototype.json = function (...args) {
    const parsed = json.apply(this, args);
    if (marks.armed && this === own) {
      parsed.then(() => { if (marks.answerAt === undefined) marks.answerAt = performance.now(); }, () => undefined);
    }
    return parsed;
  };
  new MutationObserver((records) => {
    if (marks.answerAt === undefined || marks.committedAt !== undefined) return;
    // Rows may be replaced, or updated in place: any change inside the table after the answer is the commit.
    const inTable = (node) => (node instanceof Element ? node : node.parentElement)?.closest('table[aria-label="Transactions"]') != null;
    if (!records.some((record) => inTable(record.target))) return;
    marks.committedAt = performance.now();
    marks.rows = document.querySelectorAll(${JSON.stringify(ROW)}).length;
    document.querySelector('table[aria-label="Transactions"]').getBoundingClientRect();
    marks.laidOutAt = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks.paintedAt = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });
  // The floor: the same 100 rows as plain markup, parsed and swapped into the table's body by hand, to the
  // task after the next animation frame; then React's own rows go back, untouched, for its next page.
  Object.defineProperty(window, '__benchHistoryFloor', { value: () => new Promise((resolve) => {
    const body = document.querySelector('table[aria-label="Transactions"] tbody');
    const markup = body.innerHTML;
    const reactRows = [...body.childNodes];
    requestAnimationFrame(() => setTimeout(() => {
      const started = performance.now();
      const template = document.createElement('template');
      template.innerHTML = markup;
      body.replaceChildren(template.content);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now();
          body.replaceChildren(...reactRows);
          requestAnimationFrame(() => setTimeout(() => resolve(painted - started)));
        };
        channel.port2.postMessage(null);
      });
    }));
  }) });
})();`;

const Marks = z.object({
  requestAt: z.number(),
  answerAt: z.number(),
  committedAt: z.number(),
  laidOutAt: z.number(),
  paintedAt: z.number(),
  rows: z.number(),
});

/**
 * The relaunched app normally restores the session; if it did not (a refresh that timed out on a loaded
 * machine), sign in through the browser again: this figure is about the table, not the restore.
 */
export async function openHistoryWith100Rows(
  launched: LaunchedApp,
  browser: Browser,
  user: { username: string; password: string },
  accountGuid: string,
): Promise<'restored' | 'signed in again'> {
  const { page } = launched;
  let session: 'restored' | 'signed in again' = 'restored';
  const mainNavigation = page.getByRole('navigation', { name: 'Main' });
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await mainNavigation.or(signIn).first().waitFor({ timeout: 30_000 });
  if (!(await mainNavigation.isVisible())) {
    session = 'signed in again';
    await completeBrowserSignIn({ app: launched.app, browser }, user, () => signIn.click());
    await mainNavigation.waitFor({ timeout: 30_000 });
  }
  await page.getByRole('combobox', { name: 'Account' }).selectOption(accountGuid);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
  const size = page.getByLabel('Rows per page');
  await size.waitFor({ timeout: 30_000 });
  if ((await size.inputValue()) !== String(ROWS)) await size.selectOption(String(ROWS));
  await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 100, ROW, {
    timeout: 30_000,
  });
  return session;
}

/** Clicks one of the pager's buttons and returns the probe's marks once the new page has been painted. */
export async function changePage(
  page: Page,
  button: 'Next page' | 'First page' | 'Last page' = 'Next page',
): Promise<z.infer<typeof Marks>> {
  await page.evaluate(() => {
    const marks = (window as unknown as { __benchHistory: Record<string, unknown> }).__benchHistory;
    for (const key of Object.keys(marks)) delete marks[key];
    marks.armed = true;
  });
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: button }).click();
  const current = (): Promise<unknown> =>
    page.evaluate(() => (window as unknown as { __benchHistory: unknown }).__benchHistory);
  try {
    await page.waitForFunction(
      () => (window as unknown as { __benchHistory: { paintedAt?: number } }).__benchHistory.paintedAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
  } catch (error) {
    const status = await page.getByRole('navigation', { name: 'Pages' }).getByRole('status').textContent();
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(
      `no new history page painted: marks ${JSON.stringify(await current())}, "${status ?? ''}", alerts ${JSON.stringify(alerts)}`,
      { cause: error },
    );
  }
  const marks = Marks.parse(await current());
  if (marks.rows !== ROWS) throw new Error(`the history page showed ${marks.rows} rows, expected ${ROWS}`);
  return marks;
}

export const historyRender: FigureModule = {
  id: 'history-render',
  async measure({ root, sandbox, quick, progress }) {
    const base = {
      id: 'history-render-100',
      title: 'History page of 100 rows: React commit',
      unit: 'ms',
      method:
        'In Chromium through the harness, History on the 20,000-record account at 100 rows per page, "Next page" clicked repeatedly (3 warm-up). In the page, a probe installed before any app script notes when the history.page answer is parsed (the store update follows) and when React has committed the 100 new rows (MutationObserver callback, right after the commit): store update + render + commit; for context, the verdict is on the frame against its floor (below).',
    };
    if (!existsSync(join(root, 'src-renderer/src/screens/history/history-screen.tsx'))) {
      return [notMeasured(base, 'the history screen is not in src-renderer yet')];
    }
    const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
    const account = alice?.accounts.find((candidate) => candidate.name === HISTORY_ACCOUNT);
    if (!account || !alice) throw new Error(`the sandbox has no "${HISTORY_ACCOUNT}" account for alice`);
    progress('history: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const runs = quick ? 5 : 20;
    const rendered: number[] = [];
    const committed: number[] = [];
    const toFrame: number[] = [];
    const floor: number[] = [];
    let session: Awaited<ReturnType<typeof openHistoryWith100Rows>>;
    try {
      const launched = await user.launch(PROBE);
      try {
        await launched.page.goto(launched.app.url);
        session = await openHistoryWith100Rows(launched, user.browser, alice, account.guid);
        progress(`history: ${runs} page changes of ${ROWS} rows (after 3 warm-up)`);
        for (let run = 0; run < runs + 3; run += 1) {
          const marks = await changePage(launched.page);
          // Each page change is paired with the floor's swap of the same rows, right after it.
          const floorMs = await launched.page.evaluate(() =>
            (window as unknown as { __benchHistoryFloor: () => Promise<number> }).__benchHistoryFloor(),
          );
          if (run < 3) continue;
          rendered.push(marks.laidOutAt - marks.answerAt);
          committed.push(marks.committedAt - marks.answerAt);
          toFrame.push(marks.paintedAt - marks.answerAt);
          floor.push(floorMs);
        }
      } finally {
        await launched.close();
      }
    } finally {
      await user.close();
    }
    await writeTrace(root, 'history-render.json', {
      about:
        'Per page change, ms from the history.page answer parsed: React commit, commit + forced layout, the task after the next frame; and the floor (the same rows swapped in by hand, to the task after the next frame).',
      committed,
      laidOut: rendered,
      toFrame,
      floor,
    });
    return [
      measured(
        {
          ...base,
          note: `with style and layout of the new table: median ${summarize(rendered).median.toFixed(1)} ms; to the end of the next frame: median ${summarize(toFrame).median.toFixed(1)} ms`,
          details: { samplesMs: committed, toNextFrameMs: summarize(toFrame), session },
        },
        summarize(committed),
      ),
      measured(
        {
          id: 'history-render-100-layout',
          title: 'History page of 100 rows: commit + layout',
          unit: 'ms',
          method:
            'Same page changes: from the answer parsed to the new table laid out (layout forced right after the commit), the work the browser does before it can paint; for context, no target.',
          details: { samplesMs: rendered },
        },
        summarize(rendered),
      ),
      ratioFigure({
        id: 'history-render-100-frame',
        title: 'History page of 100 rows: to the next frame',
        target: { value: 1.5 },
        method:
          "Same page changes: from the answer parsed to the task after the next animation frame (MessageChannel posted from requestAnimationFrame), so style, layout and paint of the new rows are inside it. Floor, right after each page change in the same page: the same 100 rows as markup parsed into a template and swapped into the table body by hand, to the task after the next animation frame (React's rows are put back afterwards).",
        app: toFrame,
        floor,
      }),
    ];
  },
};
