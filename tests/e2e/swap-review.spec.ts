import { accessibilityViolations } from './support/accessibility';
import { expect, openScreen, test } from './support/fixtures';
import { reloadSignedInApp } from './support/reload-app';
import { recordServiceRequests } from './support/service-requests';

// Quotes last five minutes, not the app's 30 s: the review is seen before its quote runs out however busy
// the machine, and the story lets it run out on purpose.
test.use({ appOptions: { username: 'alice', quoteLifetimeMs: 5 * 60_000 } });

test.describe('Swap review: fee, minimum received and rate as the service states them; Refresh quote', () => {
  test('says what the service does not state, how the rate is worked out, and refreshes an expired quote showing what changed', async ({
    signedInApp: app,
  }) => {
    const service = recordServiceRequests(app.sandbox);
    try {
      const { page } = app;
      // The window's clock is taken over, so the quote runs out when the story says; main's quote clock is
      // moved with it below. Both run on real time meanwhile.
      await page.clock.install();
      await reloadSignedInApp(page);
      await openScreen(page, 'Swap');
      await page.getByRole('combobox', { name: 'From', exact: true }).selectOption('BTC');
      await page.getByRole('combobox', { name: 'From network' }).selectOption('Bitcoin Mainnet');
      await page.getByRole('combobox', { name: 'To', exact: true }).selectOption('ETH');
      await page.getByRole('combobox', { name: 'To network' }).selectOption('Ethereum Mainnet');
      await page.getByRole('textbox', { name: /^Amount/ }).fill('0.002');
      await expect(page.getByRole('region', { name: 'Quote' })).toBeVisible();
      await page.getByRole('button', { name: 'Review swap' }).click();
      const review = page.getByRole('region', { name: 'Review the swap' });
      await expect(review).toBeVisible();
      await expect(review).toContainText('Minimum receivedNot stated by the service');
      await expect(review).toContainText('FeeNot stated by the service');
      await expect(review).toContainText('amount received ÷ amount sent');
      const reference = review.getByText(/^Reference /);
      const firstReference = (await reference.textContent()) ?? '';
      expect(firstReference).toMatch(/^Reference \S+/);
      await expect(page.getByRole('button', { name: 'Refresh quote' })).toHaveCount(0);

      // The user leaves the review open until the quote runs out: its whole lifetime passes at once, for the
      // window and for main alike.
      const countdown = page.getByText(/^Quote valid for \d+ s$/);
      await expect(countdown).toBeVisible();
      const secondsLeft = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
      app.app.advanceQuoteClock((secondsLeft + 1) * 1000);
      await page.clock.fastForward((secondsLeft + 1) * 1000);
      await expect(page.getByRole('button', { name: 'Refresh quote' })).toBeVisible();
      const swaps = service.requests.filter((request) => request.path === '/swap').length;
      const prechecks = service.requests.filter((request) => request.path === '/swap/precheck').length;
      await page.getByRole('button', { name: 'Refresh quote' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: /^The quote expired, so a new one was fetched/ }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'What changed' })).toBeVisible();
      await expect(page.getByText(/^Quote valid for \d+ s$/)).toHaveCount(1);
      await expect(reference).not.toHaveText(firstReference);
      expect(service.requests.filter((request) => request.path === '/swap/precheck').length).toBe(prechecks + 1);
      // Refreshing only looks: nothing was swapped.
      expect(service.requests.filter((request) => request.path === '/swap').length).toBe(swaps);
      // The swap the old quote was confirmed as is cancelled in main: it can never be sent.
      const oldIntentId = app.app.received
        .map((text) => JSON.parse(text) as { ok?: boolean; value?: { intentId?: string; referenceId?: string } })
        .find((answer) => answer.ok && `Reference ${answer.value?.referenceId}` === firstReference)?.value?.intentId;
      expect(oldIntentId).toBeDefined();
      const asks = await page.evaluate(async (intentId) => {
        type Answer = { ok: boolean; value?: { state: string }; error?: { code: string } };
        const { swap } = (
          window as unknown as { wallet: { swap: Record<'status' | 'execute', (input: unknown) => Promise<Answer>> } }
        ).wallet;
        return {
          status: await swap.status({ intentId }),
          execute: await swap.execute({ intentId, tfaCode: '123456' }),
        };
      }, oldIntentId);
      expect(asks.status.value?.state).toBe('cancelled');
      expect(asks.execute.error?.code).toBe('stale_precheck');
      expect(service.requests.filter((request) => request.path === '/swap').length).toBe(swaps);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      service.restore();
    }
  });
});
