import type { CDPSession, Page } from 'playwright-core';
import { openSignedIn, signInOnce } from './support/browser-app';
import { measured, type FigureModule } from './support/figure';
import { HISTORY_ACCOUNT } from './support/service-session';
import { summarize } from './support/stats';

const PAGE_CHANGES = 500;
const SCREEN_SWITCHES = 50;
const BASELINE_AFTER = 20;
/** Screens visited between history pages, in turn; each visit is two switches (there and back). */
const OTHER_SCREENS = ['Home', 'Send', 'Swap', 'Receive', 'Merchant', 'Profile', 'Settings'] as const;

/** The JS heap in use after full garbage collections, in bytes (CDP: what DevTools' "collect garbage" does). */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  // Twice: finalizers and weak references freed by the first collection are collected by the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

function pagesStatus(page: Page) {
  return page.getByRole('navigation', { name: 'Pages' }).getByRole('status');
}

/**
 * Clicks "Next page" (or "Previous page" once past the last, back and forth) and waits until the status
 * line names another page and nothing is busy: the answer is on screen.
 */
async function changePage(page: Page, direction: { forward: boolean }): Promise<void> {
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const before = await pagesStatus(page).textContent();
  let button = pages.getByRole('button', { name: direction.forward ? 'Next page' : 'Previous page' });
  if (await button.isDisabled()) {
    direction.forward = !direction.forward;
    button = pages.getByRole('button', { name: direction.forward ? 'Next page' : 'Previous page' });
  }
  try {
    await button.click({ timeout: 30_000 });
    await page.waitForFunction(
      (previous) =>
        document.querySelector('nav[aria-label="Pages"] [role="status"]')?.textContent !== previous &&
        document.querySelector('[aria-busy="true"]') === null,
      before,
      { timeout: 30_000 },
    );
  } catch (error) {
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(`no page change from "${before ?? ''}"; alerts ${JSON.stringify(alerts)}`, { cause: error });
  }
}

async function goTo(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click();
  await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
}

export const rendererMemory: FigureModule = {
  id: 'renderer-memory',
  async measure({ sandbox, quick, progress }) {
    const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
    const account = alice?.accounts.find((candidate) => candidate.name === HISTORY_ACCOUNT);
    if (!account || !alice) throw new Error(`the sandbox has no "${HISTORY_ACCOUNT}" account for alice`);
    const pageChanges = quick ? 100 : PAGE_CHANGES;
    const switches = quick ? 10 : SCREEN_SWITCHES;
    progress('memory: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const readings: { after: string; bytes: number }[] = [];
    try {
      const launched = await user.launch('');
      try {
        const { page } = launched;
        await openSignedIn(launched, user, alice);
        await page.getByRole('combobox', { name: 'Account' }).selectOption(account.guid);
        await goTo(page, 'History');
        await pagesStatus(page).waitFor({ timeout: 30_000 });
        const cdp = await page.context().newCDPSession(page);

        // Screen visits are spread evenly over the page changes; the baseline follows the first 20 page changes.
        const visits = switches / 2;
        const visitEvery = Math.floor(pageChanges / visits);
        let switched = 0;
        const direction = { forward: true };
        for (let change = 1; change <= pageChanges; change += 1) {
          await changePage(page, direction);
          if (change % visitEvery === 0 && switched < switches) {
            await goTo(page, OTHER_SCREENS[(switched / 2) % OTHER_SCREENS.length]!);
            await goTo(page, 'History');
            await pagesStatus(page).waitFor({ timeout: 30_000 });
            switched += 2;
          }
          if (change === BASELINE_AFTER || change % 100 === 0) {
            readings.push({
              after: `${change} page changes, ${switched} screen switches`,
              bytes: await heapAfterGc(cdp),
            });
            progress(`memory: ${readings.at(-1)!.after}: ${(readings.at(-1)!.bytes / 1e6).toFixed(1)} MB`);
          }
        }
        await cdp.detach();
      } finally {
        await launched.close();
      }
    } finally {
      await user.close();
    }
    const baseline = readings[0]!.bytes;
    const growthMb = (readings.at(-1)!.bytes - baseline) / 1e6;
    return [
      measured(
        {
          id: 'renderer-memory-growth',
          title: `Renderer JS heap growth over ${pageChanges} history pages + ${switches} screen switches`,
          unit: 'MB',
          target: { value: 5 },
          method: `In Chromium through the harness, signed in, History of the 20,000-record account: "Next page" / "Previous page" ${pageChanges} times (back and forth between the first and the last page), with ${switches} screen switches spread among them (History → another screen → History). The JS heap in use (CDP Runtime.getHeapUsage, after two HeapProfiler.collectGarbage) after all of it, minus the same after the first ${BASELINE_AFTER} page changes. One reading each, so the spread is of the intermediate readings.`,
          note: `baseline ${(baseline / 1e6).toFixed(1)} MB after ${BASELINE_AFTER} page changes`,
          details: { readingsMb: readings.map((reading) => ({ ...reading, mb: +(reading.bytes / 1e6).toFixed(2) })) },
        },
        summarize([growthMb]),
      ),
    ];
  },
};
