import type { Page } from '@playwright/test';
import { expect, openScreen, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { statusSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';

/**
 * Unknown moves settle by themselves (hooks/use-settle-round.ts, features/settle): a send whose answer is
 * lost stays "Outcome unknown" while the sandbox holds its commit (holdLateCommits), and once the service
 * commits it the next background round shows it sent, without the user pressing Check status. The page's
 * clock is taken over, so the 30 s between rounds pass when the story says; main and the sandbox run on
 * real time, and the story waits for each round's answer rather than for any length of time.
 */

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** Counts the page's settle rounds (asked, and answered) and Check status look-ups of sends. */
function watchRounds(page: Page) {
  const counts = { asked: 0, answered: 0, checks: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/__bridge/invoke/money.settleRound')) counts.asked += 1;
    if (request.url().endsWith('/__bridge/invoke/send.reconcile')) counts.checks += 1;
  });
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/__bridge/invoke/money.settleRound')) counts.answered += 1;
  });
  return counts;
}

test.describe('unknown moves settle by themselves', () => {
  test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW, backgroundSettle: true } });

  test('a lost send becomes Sent on its own once the service commits it, without Check status', async ({
    sendScreen,
  }) => {
    const { page, nextCode, sandbox, service } = sendScreen;
    await page.clock.install();
    const rounds = watchRounds(page);
    await reloadSignedInApp(page);
    await openScreen(page, 'Send');
    // The first round counts what is unknown: nothing, so no more rounds until a move is lost.
    await expect.poll(() => rounds.answered).toBeGreaterThanOrEqual(1);

    await page.getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0007');
    await page.getByRole('button', { name: 'Check fees' }).click();
    for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
      await box.check();
    }
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    // The service takes the send on and answers nothing; it commits only when the story releases it.
    sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    const answeredBefore = rounds.answered;
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();

    // A move just became unknown: a round looks at once, finds nothing yet, and the send stays unknown.
    await expect.poll(() => rounds.answered).toBeGreaterThan(answeredBefore);
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    expect(sandbox.movements().filter((movement) => movement.kind === 'send' && movement.amount === '0.0007')).toEqual(
      [],
    );

    expect(sandbox.releaseLateCommits()).toBe(1);
    const asked = rounds.asked;
    await page.clock.fastForward(31_000);
    await expect.poll(() => rounds.asked).toBe(asked + 1);
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    await expect(statusSaying(page, /Found in your transaction history \(Completed\)/)).not.toHaveCount(0);
    expect(rounds.checks).toBe(0);
    expect(service.requests.filter((request) => request.path === '/send')).toHaveLength(1);

    // Settled: no longer listed among the unknown ones.
    await page.getByRole('button', { name: 'New send' }).click();
    await expect(page.getByRole('textbox', { name: 'Destination address' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sends with an unknown outcome' })).toHaveCount(0);
  });
});
