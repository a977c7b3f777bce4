import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { completeBrowserSignIn } from '../e2e/support/signed-in-app';
import { signInOnce } from './support/browser-app';
import { HISTORY_ACCOUNT } from './support/service-session';
import { measured, notMeasured, type FigureModule } from './support/figure';
import { summarize } from './support/stats';
import { writeTrace } from './support/traces';

const YEAR_FIGURE = 'last 365 days';

/**
 * Installed before the preload and the app. When armed, it notes on the page's clock:
 * - answerAt: each history.page answer parsed (Response.json of that bridge call resolves); the last one
 *   before the drawing is the reading's end, the data the picture waits for;
 * - committedAt: React has put the year's drawing in the DOM (a figure captioned "... last 365 days" holds
 *   an svg.value-chart; MutationObserver callbacks run right after the commit);
 * - paintedAt: the task after the next animation frame (style, layout and paint inside it).
 * A string, so no bundler helper leaks into the page.
 */
const PROBE = `(() => {
  const marks = { armed: false, answers: 0 };
  Object.defineProperty(window, '__benchValue', { value: marks });
  const json = Response.prototype.json;
  Response.prototype.json = function (...args) {
    const parsed = json.apply(this, args);
    if (marks.armed && this.url.includes('/__bridge/invoke/history.page')) {
      parsed.then(() => {
        if (marks.committedAt !== undefined) return;
        marks.answerAt = performance.now();
        marks.answers += 1;
      }, () => undefined);
    }
    return parsed;
  };
  const drawn = () => [...document.querySelectorAll('figure')].some(
    (figure) => figure.querySelector('figcaption')?.textContent?.includes(${JSON.stringify(YEAR_FIGURE)}) &&
      figure.querySelector('svg.value-chart') !== null,
  );
  new MutationObserver(() => {
    if (!marks.armed || marks.answerAt === undefined || marks.committedAt !== undefined || !drawn()) return;
    marks.committedAt = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks.paintedAt = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });
})();`;

const Marks = z.object({ answerAt: z.number(), committedAt: z.number(), paintedAt: z.number(), answers: z.number() });

/** Home of the history account with the 30-day picture drawn: its first reading is over, the page is idle. */
async function openHome(page: Page, accountGuid: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Account', exact: true }).selectOption(accountGuid);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await page.locator('figure svg.value-chart').first().waitFor({ timeout: 60_000 });
}

/** Arms the probe, asks for the year and returns the marks once its drawing has been painted. */
async function drawYear(page: Page): Promise<z.infer<typeof Marks>> {
  await page.evaluate(() => {
    const marks = (window as unknown as { __benchValue: Record<string, unknown> }).__benchValue;
    for (const key of Object.keys(marks)) delete marks[key];
    marks.answers = 0;
    marks.armed = true;
  });
  await page.getByRole('group', { name: 'Days to show' }).getByRole('button', { name: 'Last 365 days' }).click();
  await page.waitForFunction(
    () => (window as unknown as { __benchValue: { paintedAt?: number } }).__benchValue.paintedAt !== undefined,
    undefined,
    { timeout: 120_000 },
  );
  return Marks.parse(await page.evaluate(() => (window as unknown as { __benchValue: unknown }).__benchValue));
}

export const valueOverTime: FigureModule = {
  id: 'value-over-time',
  async measure({ root, sandbox, quick, progress }) {
    const base = {
      id: 'value-over-time-365',
      title: 'Value over time, 365 days: drawn after its data',
      unit: 'ms',
      target: { value: 200 },
      method:
        'In Chromium through the harness, Home of the 20,000-record account, "Last 365 days" pressed on a freshly loaded page (about 10,000 records, 20 pages of history.page). In the page, a probe installed before any app script notes when the last history.page answer is parsed and the task after the next animation frame once the year\'s drawing is in the DOM: the rebuild, render, commit, style, layout and paint after the data arrived.',
    };
    if (!existsSync(join(root, 'src-renderer/src/screens/home/pictures/value-figure.tsx'))) {
      return [notMeasured(base, 'the value over time picture is not in src-renderer yet')];
    }
    const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
    const account = alice?.accounts.find((candidate) => candidate.name === HISTORY_ACCOUNT);
    if (!account || !alice) throw new Error(`the sandbox has no "${HISTORY_ACCOUNT}" account for alice`);
    progress('value over time: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const runs = quick ? 3 : 7;
    const toFrame: number[] = [];
    const committed: number[] = [];
    const answers: number[] = [];
    try {
      const launched = await user.launch(PROBE);
      try {
        const { page } = launched;
        await page.goto(launched.app.url);
        const mainNavigation = page.getByRole('navigation', { name: 'Main' });
        const signIn = page.getByRole('button', { name: 'Sign in' });
        await mainNavigation.or(signIn).first().waitFor({ timeout: 30_000 });
        if (!(await mainNavigation.isVisible())) {
          await completeBrowserSignIn({ app: launched.app, browser: user.browser }, alice, () => signIn.click());
          await mainNavigation.waitFor({ timeout: 30_000 });
        }
        progress(`value over time: the year drawn ${runs} times (after 1 warm-up), each on a reloaded page`);
        for (let run = 0; run < runs + 1; run += 1) {
          // A reloaded page has read no year yet: each run reads and draws it afresh.
          if (run > 0) {
            await page.reload();
            await mainNavigation.waitFor({ timeout: 30_000 });
          }
          await openHome(page, account.guid);
          const marks = await drawYear(page);
          if (run === 0) continue;
          toFrame.push(marks.paintedAt - marks.answerAt);
          committed.push(marks.committedAt - marks.answerAt);
          answers.push(marks.answers);
        }
      } finally {
        await launched.close();
      }
    } finally {
      await user.close();
    }
    await writeTrace(root, 'value-over-time.json', {
      about:
        'Per run, ms from the last history.page answer parsed to the year drawn in the DOM (committed) and to the task after the next frame (toFrame); answers: history.page answers parsed while the year was read.',
      committed,
      toFrame,
      answers,
    });
    return [
      measured(
        {
          ...base,
          note: `to the DOM commit: median ${summarize(committed).median.toFixed(1)} ms; ${Math.min(...answers)}-${Math.max(...answers)} pages read per run`,
          details: { samplesMs: toFrame, committedMs: summarize(committed), answers },
        },
        summarize(toFrame),
      ),
    ];
  },
};
